// The embedded store's own promises beyond the contract: graphs saved in their own files, healed when stale.
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { EmbeddedVectorStore } from '../../../plugins/knowledge/embedded-vector-store.ts';
import type { VectorRecord } from '../../../plugins/knowledge/vector-store.ts';
import { makeTempDir, openKnowledgeDb, randomVector, seeded } from './knowledge-test-kit.ts';

const dims = 24;

function chunk(collection: string, n: number, vector: Float32Array): VectorRecord {
  const p = `household/note-${n}.md`;
  return {
    collection,
    path: p,
    ordinal: 0,
    kind: 'prose',
    headings: [],
    lineStart: 1,
    lineEnd: 2,
    text: p,
    vector,
  };
}

/** The exact top-k paths by cosine, computed here from the records themselves. */
function exactTop(records: VectorRecord[], q: Float32Array, k: number): string[] {
  const unit = (v: Float32Array) => {
    const n = Math.hypot(...v);
    return Array.from(v, (x) => x / n);
  };
  const qn = unit(q);
  return records
    .map((r) => ({ p: r.path, s: unit(r.vector).reduce((a, x, i) => a + x * qn[i], 0) }))
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map((x) => x.p);
}

describe('embedded vector store: HNSW graphs in their own files', () => {
  let tmp: ReturnType<typeof makeTempDir>;
  let db: DataSource;
  let graphs: string;
  const rand = seeded(99);
  const records = Array.from({ length: 400 }, (_, i) => chunk('household', i, randomVector(rand, dims)));
  const q = randomVector(rand, dims);

  beforeEach(async () => {
    tmp = makeTempDir();
    db = await openKnowledgeDb(tmp.dir);
    graphs = path.join(tmp.dir, 'graphs');
  });
  afterEach(async () => {
    await db.destroy();
    tmp.remove();
  });

  it('switches a growing collection to its graph and still answers the exact top k', async () => {
    const store = new EmbeddedVectorStore(db, { indexDir: graphs, graphFrom: 250 });
    await store.upsert(records.slice(0, 200));
    await store.search(['household'], q, 5); // loaded below the threshold: exact scan
    await store.upsert(records.slice(200));
    const hits = await store.search(['household'], q, 8);
    assert.deepEqual(
      hits.map((h) => h.path),
      exactTop(records, q, 8),
    );
    // what search_knowledge asks for: the fewest candidates the graph proposes still hold the exact top 5
    const five = await store.search(['household'], q, 5);
    assert.deepEqual(
      five.map((h) => h.path),
      exactTop(records, q, 5),
    );
    await store.close();
    assert.equal(readdirSync(graphs).filter((f) => f.endsWith('.usearch')).length, 1);
  });

  it('merges a graph collection with an exactly scanned one: exact scores, each hit its own row', async () => {
    const store = new EmbeddedVectorStore(db, { graphFrom: 250 });
    // Rows of both collections lean towards the query, so both reach the top k. The graph's rows lean by a wide
    // margin: its walk is approximate and a build is not deterministic, and which 12 rows are the answer must not
    // hang on that (the 8th-10th of 400 plain random rows are too close to call; what is tested here is the merge).
    const lean = (v: Float32Array, by: number) => v.map((x, j) => x + by * q[j]);
    const household = records.map((r, i) => (i % 50 === 0 ? { ...r, vector: lean(r.vector, 2) } : r));
    const small = Array.from({ length: 40 }, (_, i) => {
      const v = randomVector(rand, dims);
      return chunk('member:1', 1000 + i, i % 8 === 0 ? lean(v, 1) : v);
    });
    await store.upsert([...household, ...small]);
    const hits = await store.search(['household', 'member:1'], q, 12);
    const all = [...household, ...small];
    assert.deepEqual(
      hits.map((h) => h.path),
      exactTop(all, q, 12),
    );
    const qn = Math.hypot(...q);
    for (const h of hits) {
      const r = all.find((x) => x.path === h.path)!;
      assert.equal(h.text, r.path);
      assert.equal(h.collection, r.collection);
      const cos = r.vector.reduce((a, x, i) => a + x * q[i], 0) / (Math.hypot(...r.vector) * qn);
      assert.ok(Math.abs(h.score - cos) < 1e-5, `${h.path}: ${h.score} vs ${cos}`);
    }
    // both sources reached the answer (otherwise this would not test the merge)
    assert.ok(new Set(hits.map((h) => h.collection)).size === 2);
    await store.close();
  });

  it('keeps its vectors out of the main database: a restart loads the saved graph', async () => {
    const first = new EmbeddedVectorStore(db, { indexDir: graphs, graphFrom: 1 });
    await first.upsert(records);
    await first.search(['household'], q, 1);
    await first.close();
    const [file] = readdirSync(graphs).filter((f) => f.endsWith('.usearch'));
    assert.ok(existsSync(path.join(graphs, `${file}.json`)), 'sidecar written beside the graph');
    const again = new EmbeddedVectorStore(db, { indexDir: graphs, graphFrom: 1 });
    assert.deepEqual(
      (await again.search(['household'], q, 6)).map((h) => h.path),
      exactTop(records, q, 6),
    );
    await again.close();
  });

  it('a crash after a write (no save) leaves no sidecar, so the next start rebuilds from the table', async () => {
    const first = new EmbeddedVectorStore(db, { indexDir: graphs, graphFrom: 1, saveDelayMs: 3_600_000 });
    await first.upsert(records.slice(0, 300));
    await first.search(['household'], q, 1);
    await first.flush();
    const sidecars = () => readdirSync(graphs).filter((f) => f.endsWith('.json'));
    assert.equal(sidecars().length, 1);
    await first.upsert(records.slice(300));
    await first.deleteByPath(records[0].path);
    // The process dies here: `first` is never closed, its in-memory graph is lost.
    assert.equal(sidecars().length, 0, 'the saved graph was marked stale before the rows changed');
    const after = new EmbeddedVectorStore(db, { indexDir: graphs, graphFrom: 1 });
    const live = records.slice(1);
    assert.deepEqual(
      (await after.search(['household'], q, 8)).map((h) => h.path),
      exactTop(live, q, 8),
    );
    await after.close();
  });

  it('a graph whose rows changed behind its back (another writer) is rebuilt, never trusted', async () => {
    const first = new EmbeddedVectorStore(db, { indexDir: graphs, graphFrom: 1 });
    await first.upsert(records.slice(0, 200));
    await first.search(['household'], q, 1);
    await first.close();
    // A writer that knows nothing of the graph files (no indexDir) adds and removes rows.
    const other = new EmbeddedVectorStore(db);
    await other.upsert(records.slice(200));
    await other.deleteByPath(records[5].path);
    await other.close();
    const live = records.filter((_, i) => i !== 5);
    const reopened = new EmbeddedVectorStore(db, { indexDir: graphs, graphFrom: 1 });
    assert.deepEqual(
      (await reopened.search(['household'], q, 8)).map((h) => h.path),
      exactTop(live, q, 8),
    );
    await reopened.close();
  });
});
