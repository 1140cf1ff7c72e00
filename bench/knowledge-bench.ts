// Knowledge benchmark: indexing throughput on a generated 2,000-file vault, embedded-store query latency at 10k/100k chunks.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { chunkMarkdown } from '../plugins/knowledge/chunker.ts';
import { EmbeddedVectorStore } from '../plugins/knowledge/embedded-vector-store.ts';
import { parseFrontMatter } from '../plugins/knowledge/front-matter.ts';
import { LexicalEmbedder } from '../plugins/knowledge/lexical-embedder.ts';
import { VaultIndexer } from '../plugins/knowledge/vault-indexer.ts';
import { walkVault } from '../plugins/knowledge/vault-walk.ts';
import { unpackVector } from '../plugins/knowledge/vector-cache.ts';
import type { VectorRecord } from '../plugins/knowledge/vector-store.ts';
import { openKnowledgeBenchDb } from './support/bench-db.ts';

const FILES = 2000;
const SIZES = [10_000, 100_000];
const QUERIES = 300;
const chunkOptions = { chunkTokens: 400, overlapTokens: 60 };

// A deterministic generator so every run indexes the same vault and asks the same questions.
let seed = 0x5eed;
function rand(): number {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)];
const vocabulary = (
  'boiler cellar garden roses shed bicycle insurance mortgage recipe plum cake school holiday passport ' +
  'dentist appointment invoice budget electricity heating window plumber roof gutter car tyres service ' +
  'warranty fridge freezer laundry wifi router password guest cabin lake sauna firewood key lockbox ' +
  'checkout towels linen cleaning schedule vet vaccination cat dog food allergy pharmacy prescription ' +
  'birthday present grandmother train ticket museum library loan tax return pension savings account'
).split(' ');
const connectives = [
  'is kept in',
  'needs',
  'was fixed with',
  'belongs next to',
  'is cheaper than',
  'reminds us of',
];

function sentence(): string {
  const words = Array.from({ length: 6 + Math.floor(rand() * 8) }, () => pick(vocabulary));
  words.splice(3, 0, pick(connectives));
  const s = words.join(' ');
  return `${s[0].toUpperCase()}${s.slice(1)}.`;
}
const paragraph = () => Array.from({ length: 2 + Math.floor(rand() * 5) }, sentence).join(' ');

function noteFile(i: number): string {
  const parts = [
    `---\ntitle: Note ${i}\ntags: [${pick(vocabulary)}, ${pick(vocabulary)}]\nguest_visible: ${i % 7 === 0}\n---`,
  ];
  parts.push(`# Note ${i} about the ${pick(vocabulary)}`);
  for (let s = 0; s < 1 + Math.floor(rand() * 4); s++) {
    parts.push(`## ${pick(vocabulary)} and ${pick(vocabulary)}`);
    for (let p = 0; p < 1 + Math.floor(rand() * 4); p++) parts.push(paragraph());
    if (rand() < 0.2) parts.push('- [ ] call the plumber\n- [x] pay the invoice');
    if (rand() < 0.1) parts.push('| item | cost |\n|---|---|\n| tyres | 400 |');
  }
  return `${parts.join('\n\n')}\n`;
}

function generateVault(root: string): void {
  for (let i = 0; i < FILES; i++) {
    const area =
      i % 10 < 5
        ? 'household/topic-'
        : i % 10 < 8
          ? `members/member-${i % 4}/topic-`
          : `workspaces/ws-${i % 3}/topic-`;
    const rel = `${area}${i % 20}/note-${i}.md`;
    const abs = path.join(root, ...rel.split('/'));
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, noteFile(i));
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
const ms = (x: number) => `${x.toFixed(2)} ms`;

async function timeQueries(
  run: (q: Float32Array) => Promise<unknown>,
  queries: Float32Array[],
): Promise<number[]> {
  const times: number[] = [];
  for (const q of queries) {
    const t = performance.now();
    await run(q);
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b);
}

/** The naive reference: decode every BLOB of the collection from SQLite on every query, no cache. */
async function naiveSearch(db: DataSource, q: Float32Array, k: number): Promise<number[]> {
  const rows: { id: number; vector: Uint8Array }[] = await db.query(
    'SELECT id, vector FROM knowledge_chunk WHERE collection = ?',
    ['household'],
  );
  const scored = rows.map((r) => {
    const v = unpackVector(r.vector);
    let s = 0;
    for (let i = 0; i < v.length; i++) s += v[i] * q[i];
    return { id: r.id, s };
  });
  return scored
    .sort((a, b) => b.s - a.s)
    .slice(0, k)
    .map((x) => x.id);
}

async function main(): Promise<void> {
  const started = performance.now();
  const tmp = mkdtempSync(path.join(tmpdir(), 'quorra-knowledge-bench-'));
  try {
    const embedder = new LexicalEmbedder();
    const root = path.join(tmp, 'vault');
    generateVault(root);
    console.log(
      `knowledge bench: ${FILES} generated Markdown files, lexical embedder (${embedder.dimensions} dims)`,
    );

    // Baseline: reading, parsing and chunking alone (no hashing, embedding or storing), same files, same run.
    const baselinePass = async () => {
      let chunks = 0;
      for (const entry of await walkVault(root)) {
        const text = readFileSync(path.join(root, ...entry.rel.split('/')), 'utf8');
        const parsed = parseFrontMatter(text);
        chunks += chunkMarkdown(parsed.body, chunkOptions, parsed.bodyStartLine).length;
      }
      return chunks;
    };
    await baselinePass(); // warm-up: JIT and page cache, so the baseline is not charged for a cold start
    let t = performance.now();
    const baselineChunks = await baselinePass();
    const baselineSec = (performance.now() - t) / 1000;

    const indexDir = path.join(tmp, 'index');
    mkdirSync(indexDir);
    const db = await openKnowledgeBenchDb(indexDir);
    const store = new EmbeddedVectorStore(db);
    const indexer = new VaultIndexer({
      root,
      db,
      store,
      embedder,
      chunk: chunkOptions,
      maxFileBytes: 2_000_000,
      hasGuestWindow: (slug) => slug === 'ws-0',
    });
    t = performance.now();
    const full = await indexer.reindexAll({ trigger: 'bench' });
    const fullSec = (performance.now() - t) / 1000;
    t = performance.now();
    const again = await indexer.reindexAll({ trigger: 'bench-unchanged' });
    const againSec = (performance.now() - t) / 1000;
    console.log('\nindexing (full pass: read, hash, parse, chunk, embed, store)');
    console.log(
      `  baseline read+parse+chunk: ${(FILES / baselineSec).toFixed(0)} files/s, ${(baselineChunks / baselineSec).toFixed(0)} chunks/s`,
    );
    console.log(
      `  full index:                ${(full.indexed / fullSec).toFixed(0)} files/s, ${(full.chunksWritten / fullSec).toFixed(0)} chunks/s` +
        ` (${full.indexed} files, ${full.chunksWritten} chunks, ${fullSec.toFixed(2)} s; ${(fullSec / baselineSec).toFixed(1)}x baseline time)`,
    );
    console.log(
      `  unchanged re-pass:         ${(again.unchanged / againSec).toFixed(0)} files/s (${again.unchanged} skipped by hash)`,
    );
    await db.destroy();

    // Query latency: one collection grown to 10k and then 100k chunks of generated prose.
    const queryDir = path.join(tmp, 'query');
    mkdirSync(queryDir);
    const qdb = await openKnowledgeBenchDb(queryDir);
    const qstore = new EmbeddedVectorStore(qdb);
    const queries = Array.from({ length: QUERIES }, () =>
      embedder.embedOne(`${pick(vocabulary)} ${pick(vocabulary)} ${pick(vocabulary)}`),
    );
    const results: Record<number, { p50: number; p95: number; cold: number }> = {};
    let inserted = 0;
    console.log(
      '\nembedded store query latency (collection "household", k = 8; HNSW from 10k chunks, goal figures in vector-search-bench)',
    );
    for (const size of SIZES) {
      t = performance.now();
      while (inserted < size) {
        const batch: VectorRecord[] = [];
        for (let j = 0; j < 1000 && inserted < size; j++, inserted++) {
          const text = paragraph();
          batch.push({
            collection: 'household',
            path: `household/gen/${Math.floor(inserted / 5)}.md`,
            ordinal: inserted % 5,
            kind: 'prose',
            headings: ['Generated'],
            lineStart: 1,
            lineEnd: 3,
            text,
            vector: embedder.embedOne(text),
          });
        }
        await qstore.upsert(batch);
      }
      const fillSec = (performance.now() - t) / 1000;
      const fresh = new EmbeddedVectorStore(qdb);
      t = performance.now();
      await fresh.search(['household'], queries[0], 8);
      const cold = performance.now() - t;
      await timeQueries((q) => fresh.search(['household'], q, 8), queries.slice(0, 20));
      const times = await timeQueries((q) => fresh.search(['household'], q, 8), queries);
      results[size] = { p50: percentile(times, 50), p95: percentile(times, 95), cold };
      console.log(
        `  ${String(size).padStart(6)} chunks: p50 ${ms(results[size].p50)}, p95 ${ms(results[size].p95)}` +
          ` (first query incl. cache load ${ms(cold)}; filled at ${(size / Math.max(fillSec, 1e-9)).toFixed(0)} chunks/s)`,
      );
      if (size === SIZES[0]) {
        const naive = await timeQueries((q) => naiveSearch(qdb, q, 8), queries.slice(0, 30));
        const naiveP50 = percentile(naive, 50);
        console.log(
          `  ${String(size).padStart(6)} chunks, naive baseline (decode every BLOB per query): p50 ${ms(naiveP50)}` +
            ` -> cached scan is ${(naiveP50 / results[size].p50).toFixed(1)}x faster`,
        );
      }
    }
    const [small, large] = SIZES.map((s) => results[s]);
    console.log(
      `  ratio 100k/10k: p50 ${(large.p50 / small.p50).toFixed(1)}x, p95 ${(large.p95 / small.p95).toFixed(1)}x`,
    );
    await qdb.destroy();
    console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
