// The in-memory recall index: the same ranking as FTS5's exact candidates, current with this and other connections.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import type { Seal } from '../../../core/contracts/principal.ts';
import type { MemoryInput, MemoryOrigin } from '../../../core/memory/memory-input.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { recallIndex, recallIndexReady } from '../../../core/memory/recall-index.ts';
import { onPostgres } from '../../support/test-database.ts';
import { type MemoryDb, openMemoryDb } from './memory-db.ts';

const alice: Seal = { userId: 'alice', workspace: null };
const mine: MemoryOrigin = { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' };

// SQLite only: PostgreSQL recalls through its own text search and has no recall index
if (!onPostgres()) {
  describe('memory recall index', () => {
    let m: MemoryDb;
    let store: MemoryStore;
    /** Another connection to the same file, as the CLI or a second process would have. */
    let other: Database.Database;
    const add = (input: MemoryInput, origin: MemoryOrigin = mine) => store.create(input, origin);
    const ids = async (seal: Seal, q: Parameters<MemoryStore['recall']>[1]) =>
      (await store.recall(seal, q)).map((s) => s.memory.id);

    beforeEach(async () => {
      m = await openMemoryDb();
      store = new MemoryStore(m.db, { now: m.now });
      other = new Database((m.db.options as { database: string }).database);
    });
    afterEach(async () => {
      other.close();
      await m.close();
    });

    it('ranks exactly as FTS5’s candidates do when every word’s matches fit their caps', async () => {
      const people = ['Mia', 'Leo', 'Cara'];
      const things = ['boiler', 'dentist', 'porridge', 'garden hose', 'piano'];
      const tags = ['health', 'home', 'food', 'school run'];
      for (let i = 0; i < 36; i++) {
        await add(
          {
            content: `${people[i % 3]} ${i % 4 ? 'talked about' : 'fixed'} the ${things[i % 5]} ${i % 7 ? '' : `twice, the ${things[i % 5]}`}`,
            tags: i % 3 ? [tags[i % 4]] : [],
          },
          { ...mine, ownerUserId: i % 2 ? 'alice' : null, workspace: i % 5 === 4 ? 'rental' : null },
        );
      }
      const fts5 = new MemoryStore(m.db, { now: m.now, recallIndexCap: 0 });
      const queries = [
        { text: 'Mia boiler' },
        { text: 'who fixed the piano twice?' },
        { text: 'Leo dentist', tags: ['health'] },
        { tags: ['home', 'school run'] },
        { text: 'garden hose', limit: 20 },
      ];
      for (const q of queries) {
        const viaFts5 = (await fts5.recall(alice, q)).map((s) => [s.memory.id, s.score.toFixed(9)]);
        const viaIndex = (await store.recall(alice, q)).map((s) => [s.memory.id, s.score.toFixed(9)]);
        assert.ok(viaIndex.length > 0, JSON.stringify(q));
        assert.deepEqual(viaIndex, viaFts5, JSON.stringify(q));
      }
    });

    it('keeps up with this process’s writes once built: new rows, edits, archive and restore', async () => {
      const a = await add({ content: 'The spare key is under the mat' });
      assert.deepEqual(await ids(alice, { text: 'spare key' }), [a.id]);
      assert.ok(recallIndex(m.db));
      const b = await add({ content: 'A spare tyre is in the garage' });
      assert.deepEqual(await ids(alice, { text: 'spare' }), [b.id, a.id]);
      await store.update(a.id, { content: 'The key is with the neighbour' });
      assert.deepEqual(await ids(alice, { text: 'spare' }), [b.id]);
      assert.deepEqual(await ids(alice, { text: 'neighbour' }), [a.id]);
      await store.archive(b.id);
      assert.deepEqual(await ids(alice, { text: 'spare' }), []);
      await store.restore(b.id);
      assert.deepEqual(await ids(alice, { text: 'spare' }), [b.id]);
    });

    it('reads another connection’s new rows, edits, slice moves and archiving', async () => {
      const a = await add({ content: 'Piano lessons are on Monday' });
      const b = await add({ content: 'Piano tuner comes in May' });
      assert.deepEqual(await ids(alice, { text: 'piano' }), [b.id, a.id]);
      const later = "strftime('%Y-%m-%d %H:%M:%f', '2030-06-01 12:00:01')";
      // a new row, written as the CLI would
      const c = other
        .prepare(
          'INSERT INTO memories (content, owner_user_id, workspace, importance, kind, tags, confidence, stability,' +
            " provenance, source_note_ids, surface_once, reference_count, created_at, updated_at) VALUES ('Piano" +
            ` exam in June', 'alice', NULL, 'contextual', 'fact', '[]', 1, 'stable', 'user_stated', '[]', 0, 0, ${later}, ${later})`,
        )
        .run().lastInsertRowid;
      assert.deepEqual(await ids(alice, { text: 'piano' }), [Number(c), b.id, a.id]);
      other
        .prepare(
          `UPDATE memories SET content = 'Violin lessons are on Monday', updated_at = ${later} WHERE id = ?`,
        )
        .run(a.id);
      assert.deepEqual(await ids(alice, { text: 'piano' }), [Number(c), b.id]);
      assert.deepEqual(await ids(alice, { text: 'violin' }), [a.id]);
      other
        .prepare(`UPDATE memories SET owner_user_id = 'bob', updated_at = ${later} WHERE id = ?`)
        .run(b.id);
      assert.deepEqual(await ids(alice, { text: 'piano' }), [Number(c)]);
      assert.deepEqual(await ids({ userId: 'bob', workspace: null }, { text: 'piano' }), [b.id]);
      other.prepare(`UPDATE memories SET archived_at = ${later}, updated_at = ${later} WHERE id = ?`).run(c);
      assert.deepEqual(await ids(alice, { text: 'piano' }), []);
    });

    it('finds a word’s best row however many better-scoring rows the seal turns away before it', async () => {
      const best = await add({ content: 'boiler' });
      for (let i = 0; i < 30; i++) {
        await add({ content: 'boiler boiler boiler', expiresAt: '2030-06-02T00:00:00Z' });
      }
      assert.ok(recallIndex(m.db));
      m.clock.now = new Date('2030-06-03T00:00:00Z');
      // the expired rows stay in the index (as in FTS5's) and outscore the live one: the seal drops each of them
      assert.deepEqual(await ids(alice, { text: 'boiler', limit: 1 }), [best.id]);
    });

    it('builds a large table’s index in the background, FTS5 answering meanwhile, with the edits made during it', async () => {
      const edited = await add({ content: 'The boiler pressure should read 1.5 bar' });
      const archived = await add({ content: 'The boiler key hangs by the door' });
      // 3,000 rows in one statement, through the FTS triggers like any insert
      other.exec(
        'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)' +
          ' INSERT INTO memories (content, owner_user_id, workspace, importance, kind, tags, confidence, stability,' +
          ' provenance, source_note_ids, surface_once, reference_count, created_at, updated_at)' +
          " SELECT 'garden note ' || i, 'alice', NULL, 'contextual', 'fact', '[]', 1, 'stable', 'user_stated', '[]'," +
          " 0, 0, '2030-06-01 12:00:00.000', '2030-06-01 12:00:00.000' FROM n",
      );
      assert.equal(recallIndex(m.db), null);
      // answered from FTS5 while the index fills
      assert.deepEqual(await ids(alice, { text: 'boiler' }), [archived.id, edited.id]);
      await store.update(edited.id, { content: 'The heating pressure should read 1.5 bar' });
      await store.archive(archived.id);
      const index = await recallIndexReady(m.db);
      assert.ok(index);
      assert.equal(index.size, 3001);
      assert.deepEqual(await ids(alice, { text: 'boiler' }), []);
      assert.deepEqual(await ids(alice, { text: 'heating' }), [edited.id]);
      assert.equal((await ids(alice, { text: 'garden note', limit: 50 })).length, 50);
    });
  });
}
