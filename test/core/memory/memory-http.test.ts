// The memory HTTP surface: the caller's own rows, the household's, the owner's legibility view, and their 404s.
import assert from 'node:assert/strict';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';

describe('memory over HTTP', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;

  before(async () => {
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    await app.quorra.workspaces.create({ name: 'Cabin', kind: 'hosting', services: ['general'] }, owner.id);
  });
  after(() => app.stop({ clean: true }));

  it('creates the caller’s memory: 201 with its id, listed back', async () => {
    const r = await call(app, member, 'POST', '/memory', {
      content: 'Max is allergic to peanuts',
      importance: 'core',
      kind: 'constraint',
      tags: ['health'],
    });
    assert.equal(r.status, 201);
    assert.ok(Number.isInteger(r.json.id));
    assert.equal(r.json.owner_user_id, member.id);
    const list = await call(app, member, 'GET', '/memory');
    assert.ok(list.json.memories.some((m: any) => m.id === r.json.id));
    assert.ok(!(await call(app, owner, 'GET', '/memory')).json.memories.some((m: any) => m.id === r.json.id));
  });

  it('rejects bad input with 400 and the reason, writing nothing', async () => {
    const before = (await call(app, member, 'GET', '/memory')).json.memories.length;
    const cases = [
      { content: '' },
      { content: 'x'.repeat(2001) },
      { content: 'ok', kind: 'gossip' },
      { content: 'ok', confidence: 1.5 },
      { content: 'ok', tags: ['a'.repeat(41)] },
      { content: 'ok', tags: [42] },
      { content: 'ok', expires_at: '2001-01-01T00:00:00Z' },
      { content: 'ok', workspace: 'atlantis' },
    ];
    for (const c of cases) {
      const r = await call(app, member, 'POST', '/memory', c);
      assert.equal(r.status, 400, JSON.stringify(c));
      assert.ok(r.json.error.message, 'a reason');
    }
    assert.equal((await call(app, member, 'GET', '/memory')).json.memories.length, before);
  });

  it('edits and archives only one’s own rows; someone else’s are 404', async () => {
    const mine = await call(app, member, 'POST', '/memory', {
      content: 'Max plays chess on Tuesdays',
      tags: ['chess'],
    });
    assert.equal(
      (await call(app, owner, 'PUT', `/memory/${mine.json.id}`, { content: 'hijacked' })).status,
      404,
    );
    assert.equal((await call(app, owner, 'DELETE', `/memory/${mine.json.id}`)).status, 404);
    const edited = await call(app, member, 'PUT', `/memory/${mine.json.id}`, {
      content: 'Max plays chess on Wednesdays',
    });
    assert.equal(edited.json.content, 'Max plays chess on Wednesdays');
    assert.equal((await call(app, member, 'PUT', `/memory/${mine.json.id}`, {})).status, 400);
    assert.equal((await call(app, member, 'DELETE', `/memory/${mine.json.id}`)).status, 200);
    assert.ok(
      !(await call(app, member, 'GET', '/memory')).json.memories.some((m: any) => m.id === mine.json.id),
    );
    assert.equal((await call(app, member, 'DELETE', `/memory/${mine.json.id}`)).status, 404);
    assert.equal((await call(app, member, 'PUT', '/memory/999999', { content: 'x' })).status, 404);
  });

  it('shares household memories with every member', async () => {
    const h = await call(app, owner, 'POST', '/household/memory', {
      content: 'Bins go out on Thursday night',
      tags: ['bins'],
    });
    assert.equal(h.json.owner_user_id, null);
    assert.ok(
      (await call(app, member, 'GET', '/household/memory')).json.memories.some(
        (m: any) => m.id === h.json.id,
      ),
    );
    assert.equal(
      (await call(app, member, 'PUT', `/household/memory/${h.json.id}`, { tags: ['bins', 'weekly'] })).status,
      200,
    );
    assert.equal(
      (await call(app, member, 'DELETE', `/memory/${h.json.id}`)).status,
      404,
      'not through the personal collection',
    );
  });

  it('gives the owner a plain-language view across workspaces, with archive, restore and permanent delete', async () => {
    await call(app, owner, 'POST', '/memory', {
      content: 'Cabin boiler is serviced in May',
      workspace: 'cabin',
    });
    const untagged = await call(app, member, 'POST', '/memory', { content: 'Max likes blue' });
    const r = await call(app, owner, 'GET', '/owner/memories');
    assert.equal(r.status, 200);
    const row = r.json.memories.find((m: any) => m.id === untagged.json.id);
    // labels speak to the viewer: the owner reads whose memory it is, Max reads "You"
    assert.equal(row.provenance_label, 'Max told Quorra');
    assert.equal(row.owner_name, 'Max');
    const mine = (await call(app, member, 'GET', '/memory/mine')).json.memories;
    assert.equal(mine.find((m: any) => m.id === untagged.json.id).provenance_label, 'You told Quorra');
    assert.ok(!mine.some((m: any) => m.owner_user_id !== member.id), 'a member lists only their own');
    assert.equal(row.importance_label, 'Looked up when the topic comes up');
    // untagged, but its words are what recall searches: it is reachable
    assert.equal(row.unreachable, false);
    const symbols = await call(app, member, 'POST', '/memory', { content: '🎂 🎉' });
    const flagged = (await call(app, owner, 'GET', '/owner/memories')).json.memories.find(
      (m: any) => m.id === symbols.json.id,
    );
    assert.equal(flagged.unreachable, true);
    assert.match(flagged.unreachable_reason, /no word or tag/);
    assert.ok(r.json.memories.some((m: any) => m.workspace === 'cabin'));
    assert.ok(
      (await call(app, owner, 'GET', '/owner/memories?workspace=cabin')).json.memories.every(
        (m: any) => m.workspace === 'cabin',
      ),
    );
    assert.equal((await call(app, owner, 'POST', `/owner/memories/${untagged.json.id}/archive`)).status, 200);
    assert.ok(
      !(await call(app, member, 'GET', '/memory')).json.memories.some((m: any) => m.id === untagged.json.id),
    );
    assert.equal((await call(app, owner, 'POST', `/owner/memories/${untagged.json.id}/restore`)).status, 200);
    assert.ok(
      (await call(app, member, 'GET', '/memory')).json.memories.some((m: any) => m.id === untagged.json.id),
    );
    assert.equal((await call(app, owner, 'DELETE', `/owner/memories/${untagged.json.id}`)).status, 200);
    assert.equal((await call(app, owner, 'POST', `/owner/memories/${untagged.json.id}/restore`)).status, 404);
    assert.equal((await call(app, member, 'GET', '/owner/memories')).status, 403);
  });

  it('hands surface-once memories to the next briefing, then never again', async () => {
    await call(app, member, 'POST', '/memory', {
      content: 'Max is not feeling well today',
      surface_once: true,
    });
    const first = await call(app, member, 'POST', '/memory/briefing', {});
    assert.deepEqual(
      first.json.memories.map((m: any) => m.content),
      ['Max is not feeling well today'],
    );
    assert.deepEqual((await call(app, member, 'POST', '/memory/briefing', {})).json.memories, []);
  });

  it('lets a member archive, restore and delete only their own memories, and finds memories by words', async () => {
    const mine = (
      await call(app, member, 'POST', '/memory', { content: 'Max keeps the spare key under the blue pot' })
    ).json;
    const theirs = (
      await call(app, owner, 'POST', '/memory', { content: 'Olivia hides the blue pot key elsewhere' })
    ).json;
    assert.equal((await call(app, member, 'DELETE', `/memory/${mine.id}`)).status, 200);
    const archived = (await call(app, member, 'GET', '/memory/mine?archived=only')).json.memories;
    assert.ok(archived.some((m: any) => m.id === mine.id));
    assert.equal((await call(app, member, 'POST', `/memory/${mine.id}/restore`)).status, 200);
    assert.equal((await call(app, member, 'POST', `/memory/${theirs.id}/restore`)).status, 404);
    assert.equal((await call(app, member, 'DELETE', `/memory/${theirs.id}/permanently`)).status, 404);
    assert.ok(
      (await call(app, owner, 'GET', `/owner/memories?q=blue+pot`)).json.memories.some(
        (m: any) => m.id === theirs.id,
      ),
    );

    const found = (await call(app, member, 'GET', '/memory/mine?q=SPARE%20key')).json.memories;
    assert.deepEqual(
      found.map((m: any) => m.id),
      [mine.id],
      'all words, any case, own rows only',
    );
    assert.deepEqual(
      (await call(app, owner, 'GET', '/owner/memories?q=%25')).json.memories,
      [],
      '% is a character, not a wildcard',
    );
    assert.equal((await call(app, member, 'DELETE', `/memory/${mine.id}/permanently`)).status, 200);
    assert.equal(
      (await call(app, owner, 'GET', `/owner/memories?archived=include&q=spare`)).json.memories.length,
      0,
    );
  });
});
