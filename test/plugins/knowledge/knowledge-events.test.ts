// The owner's index controls over HTTP: status per collection, "reindex now", and live progress as SSE without leaks.
import assert from 'node:assert/strict';
import path from 'node:path';
import { type BootedApp, bootApp, tempDir } from '../../support/boot-app.ts';
import {
  addUser,
  call,
  eventually,
  type SseEvent,
  sseEvents,
  type TestUser,
} from '../../support/household.ts';
import { eventListeners, indexIdle, seedVault } from './knowledge-app-kit.ts';
import { writeVault } from './knowledge-test-kit.ts';

/** Opens the event stream as `user`; `next()` reads the next event, `close()` hangs up. */
async function openEvents(app: BootedApp, user: TestUser) {
  const ac = new AbortController();
  const res = await fetch(`${app.url}/plugins/knowledge/events`, {
    headers: user.headers,
    signal: ac.signal,
  });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  const events = sseEvents(res.body!);
  return {
    async next(): Promise<SseEvent | undefined> {
      const r = await events.next();
      return r.done ? undefined : r.value;
    },
    close: () => ac.abort(),
  };
}

describe('knowledge index events, reindex and status per collection', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  const FILES = 150;

  before(async () => {
    const dataDir = tempDir();
    const vault = path.join(dataDir, 'vault');
    seedVault(vault, FILES);
    writeVault(vault, 'workspaces/cabin/wifi.md', '# Wifi\n\nOn the fridge.\n');
    app = await bootApp({
      dataDir,
      config: { plugins: { knowledge: { settings: { watch: false, indexOnStart: false } } } },
    });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    // activation files workspace documents into guest windows with a pass of its own: let it finish
    await indexIdle(app, owner);
  });
  after(() => app.stop({ clean: true }));

  it('streams a reindex started over HTTP from the first file to the last, then done', async () => {
    const stream = await openEvents(app, owner);
    assert.deepEqual(await stream.next(), { event: 'state', data: { running: null } });
    const started = await call(app, owner, 'POST', '/plugins/knowledge/reindex');
    assert.equal(started.status, 202);
    assert.equal(started.json.started, true);
    const seen: number[] = [];
    let total = 0;
    let done: any;
    for (let e = await stream.next(); e; e = await stream.next()) {
      if (e.event === 'progress' && e.data.phase === 'indexing') {
        seen.push(e.data.done);
        total = e.data.total;
      }
      if (e.event === 'done') {
        done = e.data.summary;
        break;
      }
    }
    assert.equal(total, FILES + 3);
    assert.equal(seen.at(-1), total);
    assert.ok(seen.filter((n) => n > 0 && n < total).length >= 2, `intermediate values: ${seen.join(', ')}`);
    assert.deepEqual(
      seen,
      [...seen].sort((a, b) => a - b),
      'progress only moves forward',
    );
    assert.equal(done.trigger, 'manual');
    assert.equal(done.files, FILES + 3);
    assert.equal(done.skipped, 2);
    assert.equal(await eventListeners(app), 1);
    stream.close();
    await eventually(async () => (await eventListeners(app)) === 0);
    const audit = await app.quorra.conversation.audit.recent(5);
    assert.ok(audit.some((a) => a.tool === 'knowledge_reindex' && a.userId === owner.id));
  });

  it('removes the listener of every client that hangs up, however many come and go', async () => {
    const streams = await Promise.all(Array.from({ length: 5 }, () => openEvents(app, owner)));
    for (const s of streams) assert.equal((await s.next())?.event, 'state');
    assert.equal(await eventListeners(app), 5);
    for (const s of streams.slice(0, 3)) s.close();
    await eventually(async () => (await eventListeners(app)) === 2);
    for (const s of streams.slice(3)) s.close();
    await eventually(async () => (await eventListeners(app)) === 0);
  });

  it('shows each collection’s files, chunks, last indexed time and skipped files, members’ names withheld', async () => {
    const status = (await call(app, owner, 'GET', '/plugins/knowledge/status')).json;
    const by = Object.fromEntries(status.by_collection.map((c: any) => [c.name, c]));
    assert.equal(by.household.files, FILES);
    assert.ok(by.household.chunks >= FILES);
    assert.ok(Date.parse(by.household.lastIndexedAt) > 0);
    assert.deepEqual(
      by.household.skipped.map((s: any) => [s.path, s.reason]),
      [['household/broken.md', 'malformed-front-matter']],
    );
    assert.deepEqual(
      by['member:max'].skipped.map((s: any) => [s.path, s.reason, s.message]),
      [[null, 'malformed-front-matter', null]],
    );
    assert.equal(by['workspace:cabin'].files, 1);
    assert.ok(!JSON.stringify(status).includes('diary'), 'a member’s file name stays theirs');
  });

  it('keeps reindex, events and status for the owner: 403 for a member, 401 without a token', async () => {
    for (const [method, route] of [
      ['POST', '/plugins/knowledge/reindex'],
      ['GET', '/plugins/knowledge/events'],
      ['GET', '/plugins/knowledge/status'],
    ] as const) {
      assert.equal((await call(app, member, method, route)).status, 403, route);
      assert.equal((await call(app, null, method, route)).status, 401, route);
    }
    assert.equal(await eventListeners(app), 0);
  });

  it('ends open streams when the app stops, so shutdown never waits on a browser tab', async () => {
    const extra = await bootApp({
      config: { plugins: { knowledge: { settings: { watch: false, indexOnStart: false } } } },
    });
    const user = await addUser(extra, 'Olivia');
    await indexIdle(extra, user);
    const stream = await openEvents(extra, user);
    assert.equal((await stream.next())?.event, 'state');
    await extra.stop({ clean: true });
    assert.equal(await stream.next(), undefined, 'the stream ended');
  });
});
