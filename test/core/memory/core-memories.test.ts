// Core memories kept between prompts: every change by this process (any code path) or another connection shows next.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import type { Seal } from '../../../core/contracts/principal.ts';
import type { MemoryInput, MemoryOrigin } from '../../../core/memory/memory-input.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { onPostgres } from '../../support/test-database.ts';
import { days, type MemoryDb, openMemoryDb } from './memory-db.ts';

const alice: Seal = { userId: 'alice', workspace: null };
const mine: MemoryOrigin = { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' };

describe('core memories between prompts', () => {
  let m: MemoryDb;
  let store: MemoryStore;
  const add = (input: MemoryInput, origin: MemoryOrigin = mine) => store.create(input, origin);
  const core = async (seal: Seal = alice) => (await store.listCore(seal)).map((c) => c.content);

  beforeEach(async () => {
    m = await openMemoryDb();
    store = new MemoryStore(m.db, { now: m.now });
  });
  afterEach(() => m.close());

  it('shows every change the store makes at the next listing', async () => {
    const a = await add({ content: 'Alice is vegetarian', importance: 'core' });
    assert.deepEqual(await core(), ['Alice is vegetarian']);
    const b = await add({ content: 'Alice walks the dog', importance: 'contextual' });
    assert.deepEqual(await core(), ['Alice is vegetarian']);
    await store.promote(b.id);
    assert.deepEqual(await core(), ['Alice is vegetarian', 'Alice walks the dog']);
    await store.update(a.id, { content: 'Alice is vegan' });
    assert.deepEqual(await core(), ['Alice is vegan', 'Alice walks the dog']);
    await store.supersede(b.id, a.id);
    assert.deepEqual(await core(), ['Alice is vegan']);
    await store.reinstate(b.id);
    assert.deepEqual(await core(), ['Alice is vegan', 'Alice walks the dog']);
    await store.archive(a.id);
    assert.deepEqual(await core(), ['Alice walks the dog']);
    await store.restore(a.id);
    assert.deepEqual(await core(), ['Alice is vegan', 'Alice walks the dog']);
    await store.purge(a.id);
    assert.deepEqual(await core(), ['Alice walks the dog']);
  });

  it('shows a write by another code path on the same connection (Dream, raw SQL) at the next listing', async () => {
    const a = await add({ content: 'Alice is vegetarian', importance: 'core' });
    assert.deepEqual(await core(), ['Alice is vegetarian']);
    await m.db.query("UPDATE memories SET content = 'Alice eats fish' WHERE id = ?", [a.id]);
    assert.deepEqual(await core(), ['Alice eats fish']);
    await m.db.query("UPDATE memories SET owner_user_id = 'bob' WHERE id = ?", [a.id]);
    assert.deepEqual(await core(), []);
    assert.deepEqual(await core({ userId: 'bob', workspace: null }), ['Alice eats fish']);
  });

  it('stops showing a memory the moment it expires, without any write', async () => {
    await add({
      content: 'Alice is away',
      importance: 'core',
      expiresAt: days(m.clock.now, 1).toISOString(),
    });
    await add({ content: 'Alice is vegetarian', importance: 'core' });
    assert.deepEqual(await core(), ['Alice is away', 'Alice is vegetarian']);
    m.clock.now = new Date(days(m.clock.now, 1).getTime() - 1);
    assert.deepEqual(await core(), ['Alice is away', 'Alice is vegetarian']);
    m.clock.now = days(m.clock.now, 1);
    assert.deepEqual(await core(), ['Alice is vegetarian']);
    // a clock set back (a correction) sees the memory hold again, as the SQL would
    m.clock.now = days(m.clock.now, -1);
    assert.deepEqual(await core(), ['Alice is away', 'Alice is vegetarian']);
  });

  it('keeps the seal: each seal and limit is listed on its own', async () => {
    await add({ content: 'Alice is vegetarian', importance: 'core' });
    await add({ content: 'The house has a cellar', importance: 'core' }, { ...mine, ownerUserId: null });
    await add({ content: 'Cabin checkout at 10', importance: 'core' }, { ...mine, workspace: 'cabin' });
    assert.deepEqual(await core(), ['Alice is vegetarian', 'The house has a cellar']);
    assert.deepEqual(await core({ userId: 'bob', workspace: null }), ['The house has a cellar']);
    assert.deepEqual(await core({ userId: 'alice', workspace: 'cabin' }), ['Cabin checkout at 10']);
    assert.deepEqual(
      (await store.listCore(alice, 1)).map((c) => c.content),
      ['Alice is vegetarian'],
    );
  });

  // SQLite only: Quorra's one connection, whose open transaction every read shares (PostgreSQL keeps no listing),
  // and another connection to the same file, as the CLI or a second process would have
  if (!onPostgres()) {
    it('forgets what a rolled-back transaction wrote', async () => {
      await add({ content: 'Alice is vegetarian', importance: 'core' });
      assert.deepEqual(await core(), ['Alice is vegetarian']);
      await assert.rejects(
        m.db.transaction(async (tx) => {
          await tx.query("UPDATE memories SET content = 'Alice eats anything'");
          assert.deepEqual(await core(), ['Alice eats anything']);
          throw new Error('rolled back');
        }),
        /rolled back/,
      );
      assert.deepEqual(await core(), ['Alice is vegetarian']);
    });

    it('shows another connection’s new, edited and archived core memories at the next listing', async () => {
      const other = new Database((m.db.options as { database: string }).database);
      try {
        const a = await add({ content: 'Alice is vegetarian', importance: 'core' });
        assert.deepEqual(await core(), ['Alice is vegetarian']);
        const b = other
          .prepare(
            'INSERT INTO memories (content, owner_user_id, workspace, importance, kind, tags, confidence, stability,' +
              " provenance, source_note_ids, surface_once, reference_count, created_at, updated_at) VALUES ('Alice" +
              " walks the dog', 'alice', NULL, 'core', 'fact', '[]', 1, 'stable', 'user_stated', '[]', 0, 0," +
              " '2030-06-01 12:00:00.000', '2030-06-01 12:00:00.000')",
          )
          .run().lastInsertRowid;
        assert.deepEqual(await core(), ['Alice is vegetarian', 'Alice walks the dog']);
        other.prepare("UPDATE memories SET content = 'Alice is vegan' WHERE id = ?").run(a.id);
        assert.deepEqual(await core(), ['Alice is vegan', 'Alice walks the dog']);
        other.prepare("UPDATE memories SET archived_at = '2030-06-01 12:00:00.000' WHERE id = ?").run(b);
        assert.deepEqual(await core(), ['Alice is vegan']);
      } finally {
        other.close();
      }
    });
  }
});
