// Whole-index BM25 statistics: read from the FTS5 index itself and kept in step with writes.
import assert from 'node:assert/strict';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { corpusStats, readVarints } from '../../../core/memory/term-stats.ts';
import { type MemoryDb, openMemoryDb } from './memory-db.ts';

describe('memory term statistics', () => {
  let m: MemoryDb;
  let store: MemoryStore;
  const origin = { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' as const };

  beforeEach(async () => {
    m = await openMemoryDb();
    store = new MemoryStore(m.db, { now: m.now });
  });
  afterEach(() => m.close());

  it('decodes SQLite varints of one to nine bytes', () => {
    assert.deepEqual(readVarints(Uint8Array.from([0x05, 0x86, 0x8d, 0x20, 0x81, 0x00])), [5, 100000, 128]);
    assert.deepEqual(readVarints(Uint8Array.from([...Array(8).fill(0x80), 0x07])), [7]);
  });

  it('counts rows, words per row and rows per term across every slice, and follows edits and archiving after a merge', async () => {
    assert.equal(corpusStats(m.db).rows, 0);
    const a = await store.create({ content: 'Café on Elm Street', tags: ['food'] }, origin);
    const b = await store.create({ content: 'Elm tree in the garden' }, { ...origin, workspace: 'rental' });
    let stats = corpusStats(m.db);
    assert.equal(stats.rows, 2);
    assert.equal(stats.avgLength, (4 + 1 + 5) / 2);
    assert.equal(stats.df('elm'), 2);
    assert.equal(stats.df('cafe'), 1);
    assert.equal(stats.df('nothing'), 0);
    await store.update(a.id, { content: 'Bakery on Oak Street' });
    stats = corpusStats(m.db);
    assert.equal(stats.df('oak'), 1);
    await store.archive(b.id);
    // A replaced or archived row's terms are counted until FTS5 merges the segments holding them.
    await m.db.query("INSERT INTO memories_fts (memories_fts) VALUES ('optimize')");
    stats = corpusStats(m.db);
    assert.equal(stats.df('elm'), 0);
    assert.equal(stats.df('cafe'), 0);
    assert.equal(stats.df('oak'), 1);
    // FTS5 cannot subtract the length of a contentless row it deletes: the totals only ever grow.
    assert.ok(stats.rows >= 1 && stats.avgLength > 0);
  });
});
