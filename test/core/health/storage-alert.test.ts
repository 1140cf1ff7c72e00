// A full disk reaches the owners once, straight through Matrix (the outbox cannot take a write then), and no more.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { sqliteConnection } from '../../../core/db/sqlite-connection.ts';
import { StorageAlert } from '../../../core/health/storage-alert.ts';
import { StorageWatch } from '../../../core/health/storage-watch.ts';
import { OutboxItem } from '../../../core/matrix/outbox-item.entity.ts';
import { call, type TestUser } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { house } from '../matrix/fixtures/house/matrix-house/index.ts';
import { MatrixWorld } from '../matrix/matrix-world.ts';

const houseRoot = fileURLToPath(new URL('../matrix/fixtures/house', import.meta.url));

describe('a full disk, told to the owners', () => {
  // SQLite in the data directory even in the PostgreSQL run: the page limit that fills the disk is SQLite's own
  const w = new MatrixWorld({ config: { database: { url: undefined } }, pluginRoots: [houseRoot] });
  let olivia: { mx: RegisteredUser; user?: TestUser };
  let max: { mx: RegisteredUser; user?: TestUser };
  let oliviaDm: string;
  let maxDm: string;

  before(async function () {
    this.timeout(60_000);
    await w.start();
    olivia = await w.member('olivia', 'Olivia', 'owner');
    max = await w.member('max', 'Max', 'member');
    // a first notice opens each DM before the disk fills (finding a new one is a write)
    const dmOf = async (u: TestUser) => {
      const item = await house.notify!(u.id, 'Hello from Quorra.', { urgency: 'high' });
      const repo = w.app.quorra.db.getRepository(OutboxItem);
      await waitUntil(
        async () => (await repo.findOneBy({ id: item.id }))?.state === 'sent',
        10_000,
        'the hello',
      );
      return (await repo.findOneBy({ id: item.id }))!.roomId!;
    };
    oliviaDm = await dmOf(olivia.user!);
    maxDm = await dmOf(max.user!);
  });
  after(() => w.close());

  const isFullNotice = (m: Record<string, any>) => /disk is full/.test(String(m.content?.body));
  const notices = (roomId: string) => w.botMessages(roomId).filter(isFullNotice);
  const write = (n: number) =>
    call(w.app, olivia.user!, 'POST', '/workspaces', { name: `Shed ${n}`, services: ['general'] });
  /** SQLite may not grow, and its free pages are used up, so the next write meets SQLITE_FULL from the real driver. */
  const fill = () => {
    const conn = sqliteConnection(w.app.quorra.db);
    conn.exec('CREATE TABLE IF NOT EXISTS test_filler (x BLOB)');
    conn.pragma(`max_page_count = ${conn.pragma('page_count', { simple: true }) as number}`);
    // big rows first, then ever smaller ones into what room is left on the last pages
    for (const size of [2048, 256, 16, 1])
      try {
        for (;;) conn.prepare(`INSERT INTO test_filler VALUES (randomblob(${size}))`).run();
      } catch (err) {
        assert.equal((err as { code?: string }).code, 'SQLITE_FULL');
      }
  };
  const free = () => {
    const conn = sqliteConnection(w.app.quorra.db);
    conn.pragma('max_page_count = 1073741823');
    conn.exec('DELETE FROM test_filler');
  };

  let n = 0;
  /** Writes until one meets the full disk (writes that fit in pages already on disk may still succeed). */
  const writeUntilFull = async () => {
    for (let i = 0; i < 400; i++) {
      const r = await write(n++);
      if (r.status !== 201) return r.status;
    }
    return 201;
  };

  it('sends the owners one notice in words, not the members, however many writes fail', async () => {
    fill();
    assert.equal(await writeUntilFull(), 507);
    for (let i = 0; i < 2; i++) assert.equal((await write(n++)).status, 507);
    await waitUntil(() => notices(oliviaDm).length >= 1, 10_000, 'the full-disk notice');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(notices(oliviaDm).length, 1, 'once');
    assert.equal(notices(maxDm).length, 0, 'members are not told');
    const [notice] = notices(oliviaDm);
    assert.equal(notice.content.msgtype, 'm.notice');
    assert.match(notice.content.body, /Nothing already saved is lost/);
    assert.doesNotMatch(notice.content.body, /SQLITE|\/tmp|ENOSPC/, 'no driver text or path');
  });

  it('does not tell them again when writes flap between working and failing', async () => {
    free();
    assert.equal((await write(n++)).status, 201);
    fill();
    assert.equal(await writeUntilFull(), 507);
    await new Promise((r) => setTimeout(r, 500));
    assert.equal(notices(oliviaDm).length, 1);
    free();
    assert.equal((await write(n++)).status, 201, 'and recovers by itself');
  });
});

describe('StorageAlert', () => {
  it('tells once per episode, and again only after writes worked for the re-arm time', async () => {
    const watch = new StorageWatch();
    const sent: number[] = [];
    const alert = new StorageAlert(watch, async (n) => void sent.push(n), 40);
    watch.noteFull();
    watch.noteWrite();
    watch.noteFull();
    assert.deepEqual(sent, [1], 'a flap is the same episode');
    watch.noteWrite();
    await new Promise((r) => setTimeout(r, 80));
    watch.noteFull();
    assert.deepEqual(sent, [1, 2], 'a new episode after writes worked long enough');
    alert.dispose();
    watch.noteWrite();
    await new Promise((r) => setTimeout(r, 80));
    watch.noteFull();
    assert.deepEqual(sent, [1, 2], 'nothing after dispose');
  });
});
