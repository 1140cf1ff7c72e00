// The owner's Dream listings over HTTP: switches for every workspace, retired notes and contradictions, paged.
import assert from 'node:assert/strict';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';
import { seedContradiction, seedRetired } from './dream-seed.ts';

describe('Dream listings over HTTP', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;

  before(async () => {
    app = await bootApp({ config: { dream: { allowLlmText: true, workspaces: ['personal'] } } });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    assert.equal(
      (await call(app, owner, 'POST', '/workspaces', { name: 'Lake house', services: ['general'] })).status,
      201,
    );
  });
  after(() => app.stop({ clean: true }));

  it('lists the switches of personal and every workspace, and a PUT shows up in them', async () => {
    const before = (await call(app, owner, 'GET', '/brain/dream/settings')).json.workspaces;
    const personal = before.find((w: any) => w.workspace === 'personal');
    assert.deepEqual([personal.name, personal.enabled, personal.sources.enrolled], ['Personal', true, 'env']);
    const lake = before.find((w: any) => w.name === 'Lake house');
    assert.equal(lake.enabled, false);
    const put = await call(app, owner, 'PUT', `/brain/dream/settings/${lake.workspace}`, { enrolled: true });
    assert.equal(put.status, 200);
    const after = (await call(app, owner, 'GET', '/brain/dream/settings')).json.workspaces;
    const now = after.find((w: any) => w.workspace === lake.workspace);
    assert.deepEqual([now.enabled, now.enrolled, now.sources.enrolled], [true, true, 'stored']);
  });

  it('pages retired notes newest first with their reasons', async () => {
    const slice = { workspace: null, visibility: 'private' as const, ownerUserId: member.id };
    for (let i = 1; i <= 5; i++) await seedRetired(app, slice, i, i % 2 ? 'malformed' : 'timeout');
    const first = await call(app, owner, 'GET', '/brain/dream/retired-notes?limit=2');
    assert.equal(first.json.total, 5);
    assert.deepEqual(
      first.json.notes.map((n: any) => [n.note_id, n.reason]),
      [
        [5, 'malformed'],
        [4, 'timeout'],
      ],
    );
    const ids: number[] = first.json.notes.map((n: any) => n.note_id);
    let before = first.json.next_before_id;
    while (before !== null) {
      const next = await call(app, owner, 'GET', `/brain/dream/retired-notes?limit=2&before_id=${before}`);
      ids.push(...next.json.notes.map((n: any) => n.note_id));
      before = next.json.next_before_id;
    }
    assert.deepEqual(ids, [5, 4, 3, 2, 1]);
    assert.equal((await call(app, owner, 'GET', '/brain/dream/retired-notes?limit=0')).status, 400);
  });

  it('lists open and resolved contradictions with their counts', async () => {
    const one = await seedContradiction(app, owner.id, 'Olivia drives a Golf', 'Olivia drives an Audi');
    const two = await seedContradiction(app, owner.id, 'Olivia lives in Leeds', 'Olivia lives in York');
    const open = await call(app, owner, 'GET', '/brain/dream/reviews');
    assert.deepEqual(
      open.json.reviews.map((r: any) => [r.id, r.older.content, r.newer.content]),
      [
        [two.review.id, 'Olivia lives in Leeds', 'Olivia lives in York'],
        [one.review.id, 'Olivia drives a Golf', 'Olivia drives an Audi'],
      ],
    );
    await call(app, owner, 'POST', `/brain/dream/reviews/${one.review.id}`, { decision: 'accept' });
    const resolved = await call(app, owner, 'GET', '/brain/dream/reviews?status=resolved');
    assert.deepEqual(
      resolved.json.reviews.map((r: any) => [r.id, r.status]),
      [[one.review.id, 'accepted']],
    );
    assert.deepEqual(resolved.json.counts, { open: 1, accepted: 1 });
    assert.equal((await call(app, owner, 'GET', '/brain/dream/reviews?status=maybe')).status, 400);
  });

  it('answers the shapes /openapi.json publishes, with the seeded rows in them', async () => {
    for (const path of [
      '/brain/dream/settings',
      '/brain/dream/retired-notes',
      '/brain/dream/reviews?status=all',
      '/brain/dream/status',
    ]) {
      const bare = path.split('?')[0];
      const schema = app.quorra.routes.list().find((r) => r.def.method === 'GET' && r.path === bare)!.def
        .response!;
      const res = await call(app, owner, 'GET', path);
      const parsed = schema.safeParse(res.json);
      assert.ok(parsed.success, `${path}: ${parsed.error?.message}`);
    }
    const status = (await call(app, owner, 'GET', '/brain/dream/status')).json;
    assert.ok(
      status.retired_notes.length > 0 && status.reviews.length > 0,
      'the status lists the seeded rows',
    );
  });

  it('is the owner’s alone', async () => {
    for (const path of ['/brain/dream/settings', '/brain/dream/retired-notes', '/brain/dream/reviews']) {
      assert.equal((await call(app, member, 'GET', path)).status, 403, path);
      assert.equal((await call(app, null, 'GET', path)).status, 401, path);
    }
  });
});
