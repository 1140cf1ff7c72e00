// Embedded vector search at 100k x 768 (HNSW store vs the exact scan, recall@10) and 1M x 768; candidates too.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { EmbeddedVectorStore } from '../plugins/knowledge/embedded-vector-store.ts';
import { HnswIndex } from '../plugins/knowledge/hnsw-index.ts';
import type { SearchHit, VectorRecord } from '../plugins/knowledge/vector-store.ts';
import { openKnowledgeBenchDb } from './support/bench-db.ts';
import { ClusteredVectors } from './support/clustered-vectors.ts';
import { reportGoal } from './support/goals.ts';
import { compareCandidates } from './support/vector-candidates.ts';

const DIMS = 768;
const N = Number(process.env.BENCH_VECTORS ?? 100_000);
const BIG = Number(process.env.BENCH_VECTORS_BIG ?? 1_000_000);
// The 1M build stops at this many seconds (measuring at the size reached) so the run stays inside run-all's bound.
const BIG_BUDGET_S = Number(process.env.BENCH_VECTORS_BIG_BUDGET_S ?? 420);
const QUERIES = 100;
const K = 10;

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const ms = (x: number) => `${x.toFixed(2)} ms`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

async function timed<T>(run: (q: Float32Array) => Promise<T>, queries: Float32Array[]) {
  const times: number[] = [];
  const answers: T[] = [];
  for (const q of queries) {
    const t = performance.now();
    answers.push(await run(q));
    times.push(performance.now() - t);
  }
  return { times, answers };
}

const key = (h: SearchHit) => `${h.path}#${h.ordinal}`;

async function main(): Promise<void> {
  const started = performance.now();
  const tmp = mkdtempSync(path.join(tmpdir(), 'quorra-vector-bench-'));
  try {
    const gen = new ClusteredVectors(DIMS);
    let t = performance.now();
    const data = gen.chunks(N);
    const queries = Array.from({ length: QUERIES }, () => gen.query());
    console.log(
      `vector bench: ${N} generated ${DIMS}-dim chunks (topic/subtopic/document clusters), k = ${K}`,
    );

    const db = await openKnowledgeBenchDb(tmp);
    const filler = new EmbeddedVectorStore(db, { graphFrom: Number.POSITIVE_INFINITY });
    for (let i = 0; i < N; i += 1000) {
      const batch: VectorRecord[] = [];
      for (let j = i; j < Math.min(N, i + 1000); j++) {
        batch.push({
          collection: 'household',
          path: `household/doc-${Math.floor(j / 5)}.md`,
          ordinal: j % 5,
          kind: 'prose',
          headings: [],
          lineStart: 1,
          lineEnd: 2,
          text: `chunk ${j}`,
          vector: data.subarray(j * DIMS, (j + 1) * DIMS),
        });
      }
      await filler.upsert(batch);
    }
    console.log(`  stored ${N} chunks in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    // Baseline, same run, same rows: the exact scan (what the store did for every size before).
    const exact = new EmbeddedVectorStore(db, { graphFrom: Number.POSITIVE_INFINITY });
    await exact.search(['household'], queries[0], K);
    const truth = await timed((q) => exact.search(['household'], q, K), queries);
    await exact.close();

    const indexDir = path.join(tmp, 'graphs');
    const graph = new EmbeddedVectorStore(db, { indexDir });
    t = performance.now();
    await graph.search(['household'], queries[0], K);
    const buildSec = (performance.now() - t) / 1000;
    await graph.close();
    const reopened = new EmbeddedVectorStore(db, { indexDir });
    t = performance.now();
    await reopened.search(['household'], queries[0], K);
    const loadMs = performance.now() - t;
    const found = await timed((q) => reopened.search(['household'], q, K), queries);
    await reopened.close();
    await db.destroy();

    let hits = 0;
    found.answers.forEach((answer, i) => {
      const want = new Set(truth.answers[i].map(key));
      hits += answer.filter((h) => want.has(key(h))).length;
    });
    const recall = hits / (QUERIES * K);
    const [exactP50, graphP50] = [p50(truth.times), p50(found.times)];
    console.log(`\nembedded store, ${N} x ${DIMS} in one collection (search() end to end: rows read back)`);
    console.log(`  exact scan (baseline):  p50 ${ms(exactP50)}, p95 ${ms(p95(truth.times))}`);
    console.log(
      `  HNSW + exact rescoring: p50 ${ms(graphP50)}, p95 ${ms(p95(found.times))}` +
        ` -> ${(exactP50 / graphP50).toFixed(1)}x faster, recall@${K} ${recall.toFixed(3)}`,
    );
    console.log(
      `  graph built from the table in ${buildSec.toFixed(1)} s (first search after a crash),` +
        ` loaded from its file in ${ms(loadMs)} (first search after a clean restart)`,
    );
    reportGoal({
      id: 'vectors.p50',
      value: graphP50,
      unit: ' ms',
      target: 10,
      direction: 'max',
      baseline: `exact scan same run ${ms(exactP50)}: ${(exactP50 / graphP50).toFixed(1)}x faster`,
      note: `${N} x ${DIMS}, generated clustered vectors`,
    });
    reportGoal({
      id: 'vectors.recall',
      value: recall,
      unit: '',
      target: 0.95,
      direction: 'min',
      baseline: `the exact scan's top ${K}, same run, ${QUERIES} queries`,
    });

    await compareCandidates(data, DIMS, queries.slice(0, 20), K, exactP50);
    await bigIndex(gen);
    console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The graph alone at BIG chunks: built in batches (never all vectors in memory at once), p50 and memory. */
async function bigIndex(gen: ClusteredVectors): Promise<void> {
  if (!BIG) return;
  const before = process.memoryUsage().rss;
  const index = HnswIndex.create(DIMS);
  const t = performance.now();
  const batch = 20_000;
  let built = 0;
  while (built < BIG && (performance.now() - t) / 1000 < BIG_BUDGET_S) {
    const n = Math.min(batch, BIG - built);
    index.addMany(
      Array.from({ length: n }, (_, j) => built + j + 1),
      gen.chunks(n, built),
    );
    built += n;
  }
  const buildSec = (performance.now() - t) / 1000;
  const size = built === BIG ? `${BIG}` : `${built} (of ${BIG}: build budget ${BIG_BUDGET_S} s spent)`;
  const rss = process.memoryUsage().rss;
  const queries = Array.from({ length: QUERIES }, () => gen.query());
  const { times } = await timed(async (q) => index.candidates(q, 64), queries);
  console.log(`\nHNSW graph alone at ${size} x ${DIMS} (int8)`);
  console.log(
    `  built in ${buildSec.toFixed(0)} s (${(built / buildSec).toFixed(0)} chunks/s); 64 candidates p50 ${ms(p50(times))},` +
      ` p95 ${ms(p95(times))}; RSS ${mb(rss)} (${mb(rss - before)} for the graph)`,
  );
  reportGoal({
    id: 'vectors.1m',
    // A graph the budget cut short has not shown that 1M answers: NOT met, with its figures in the note.
    value: built === BIG ? p50(times) : Number.NaN,
    unit: ' ms',
    target: 10,
    direction: 'max',
    baseline: `${size} x ${DIMS}, graph candidates (the rescoring read adds the 100k figure's share)`,
    note: `p50 ${ms(p50(times))}, RSS ${mb(rss)}, graph ${mb(rss - before)}, built in ${buildSec.toFixed(0)} s`,
  });
}

await main();
