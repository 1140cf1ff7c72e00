// The repeated-words index (SQLite only): which words count as repeated, and that recall reaches such rows.
import assert from 'node:assert/strict';
import type { Seal } from '../../../core/contracts/principal.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { repeatedWords } from '../../../core/memory/repeated-words.ts';
import { type MemoryDb, openMemoryDb } from './memory-db.ts';

const alice: Seal = { userId: 'alice', workspace: null };
const mine = { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' as const };

describe('repeated words', () => {
  let m: MemoryDb;
  beforeEach(async () => {
    m = await openMemoryDb();
  });
  afterEach(() => m.close());

  it('counts a word twice in the text, or once in the tags (weighted three times), folded as ranking folds', () => {
    assert.deepEqual(repeatedWords('Dal from Dal delivers sushi', []), ['dal']);
    assert.deepEqual(repeatedWords('the dentist and two dentists', []), ['dentist']);
    assert.deepEqual(repeatedWords('the car battery', ['car', 'home repairs']), ['car', 'home', 'repairs']);
    assert.deepEqual(repeatedWords('nothing said twice here', []), []);
  });

  it('finds a row that says a common word twice, which BM25 ranks above shorter rows saying it once', async () => {
    const store = new MemoryStore(m.db, { now: m.now, searchWindow: 10 });
    const twice = await store.create({ content: 'Dal called Dal back' }, mine);
    for (let i = 0; i < 30; i++) await store.create({ content: `Dal ${i}` }, mine);
    assert.equal((await store.recall(alice, { text: 'Dal' }))[0].memory.id, twice.id);
    // edited to say it once, it no longer outranks the shorter rows; archived and restored, it is found again
    await store.update(twice.id, { content: 'Dal called back' });
    assert.notEqual((await store.recall(alice, { text: 'Dal' }))[0].memory.id, twice.id);
    await store.update(twice.id, { content: 'Dal called Dal back' });
    await store.archive(twice.id);
    assert.ok(!(await store.recall(alice, { text: 'Dal' })).some((s) => s.memory.id === twice.id));
    await store.restore(twice.id);
    assert.equal((await store.recall(alice, { text: 'Dal' }))[0].memory.id, twice.id);
    await store.purge(twice.id);
    const rows = await m.db.query('SELECT count(*) AS n FROM memories_fts_rep');
    assert.equal(Number(rows[0].n), 0);
  });
});
