// Growth: a chat turn with memory recall + knowledge search on an empty household vs one grown to 5 years of use.
import { performance } from 'node:perf_hooks';
import { sqliteConnection } from '../core/memory/sql-values.ts';
import { EmbeddedVectorStore } from '../plugins/knowledge/embedded-vector-store.ts';
import { IndexedFile } from '../plugins/knowledge/indexed-file.entity.ts';
import { LexicalEmbedder } from '../plugins/knowledge/lexical-embedder.ts';
import type { VectorRecord } from '../plugins/knowledge/vector-store.ts';
import { type BootedApp, bootApp, tempDir } from '../test/support/boot-app.ts';
import { addUser, type TestUser } from '../test/support/household.ts';
import { ScriptedModelServer } from '../test/support/model-server.ts';
import { reportGoal } from './support/goals.ts';
import { percentile } from './support/hammer.ts';
import { prng } from './support/prng.ts';

// Five years of a four-person household, as issue 17 sizes it; BENCH_GROWTH_SCALE shrinks it (the output says so).
const SCALE = Number(process.env.BENCH_GROWTH_SCALE ?? 1);
const SIZE = {
  notes: Math.round(200_000 * SCALE),
  memories: Math.round(50_000 * SCALE),
  documents: Math.round(20_000 * SCALE),
  chunksPerDocument: 5,
};
const TURNS = Number(process.env.BENCH_TURNS ?? 200);

const rand = prng(0x5ea5);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const words = (
  'boiler cellar garden roses shed bicycle insurance mortgage recipe plum cake school holiday passport dentist ' +
  'appointment invoice budget electricity heating window plumber roof gutter car tyres service warranty fridge ' +
  'laundry wifi router guest cabin lake sauna firewood lockbox towels vet cat dog allergy pharmacy birthday ' +
  'grandmother train museum library tax pension savings piano football swimming bakery allotment rental'
).split(' ');
const sentence = (n = 8 + Math.floor(rand() * 10)) => Array.from({ length: n }, () => pick(words)).join(' ');
const topic = () => `${pick(words)} ${pick(words)}`;

/** The model asks for both lookups on the user's message, then answers once the tool results are in. */
function scriptTurns(model: ScriptedModelServer): void {
  model.always(
    (b) => b.messages?.at(-1)?.role !== 'tool',
    (b) => {
      const q = String(b.messages.at(-1).content).slice(0, 60);
      return {
        toolCalls: [
          { name: 'memory_recall', arguments: { topic: q } },
          { name: 'search_knowledge', arguments: { query: q } },
        ],
      };
    },
  );
  model.always(() => true, { content: 'Here is what I found.' });
}

async function turnCost(app: BootedApp, owner: TestUser): Promise<{ p50: number; p95: number }> {
  const principal = { kind: 'user' as const, userId: owner.id, role: 'owner' as const, displayName: 'Bench' };
  const turn = () =>
    app.quorra.conversation.engine.handle({
      principal,
      message: `what about the ${topic()}?`,
      scope: ['general'],
    });
  for (let i = 0; i < 20; i++) await turn(); // warm-up: JIT, statement caches, a large collection's graph
  const times: number[] = [];
  for (let i = 0; i < TURNS; i++) {
    const t = performance.now();
    await turn();
    times.push(performance.now() - t);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Grows the household through the real stores, in bulk transactions. */
async function grow(app: BootedApp, owner: TestUser): Promise<void> {
  const { db, memory } = app.quorra;
  const conn = sqliteConnection(db);
  let t = performance.now();
  const lap = (what: string) => {
    console.log(`  ${what} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
  };
  const day = 86_400_000;
  for (let i = 0; i < SIZE.notes; i += 5000) {
    conn.exec('BEGIN');
    for (let j = i; j < Math.min(SIZE.notes, i + 5000); j++) {
      const mine = rand() < 0.6;
      await memory.notes.append({
        slice: {
          workspace: null,
          visibility: mine ? 'private' : 'shared',
          ownerUserId: mine ? owner.id : null,
        },
        sourceKind: 'chat_turn',
        occurredAt: new Date(Date.now() - (5 * 365 * day * (SIZE.notes - j)) / SIZE.notes),
        text: sentence(),
      });
    }
    conn.exec('COMMIT');
  }
  lap(`${SIZE.notes} notes`);
  for (let i = 0; i < SIZE.memories; i += 5000) {
    conn.exec('BEGIN');
    for (let j = i; j < Math.min(SIZE.memories, i + 5000); j++) {
      await memory.store.create(
        { content: sentence(), tags: [pick(words)], importance: rand() < 0.05 ? 'core' : 'contextual' },
        { workspace: null, ownerUserId: rand() < 0.5 ? owner.id : null, provenance: 'user_stated' },
      );
    }
    conn.exec('COMMIT');
  }
  lap(`${SIZE.memories} memories`);
  // Documents as the indexer leaves them: a knowledge_file row each and its chunks in the vector store.
  const embedder = new LexicalEmbedder();
  const store = new EmbeddedVectorStore(db, { graphFrom: Number.POSITIVE_INFINITY });
  const files = db.getRepository(IndexedFile);
  for (let i = 0; i < SIZE.documents; i += 200) {
    const records: VectorRecord[] = [];
    const rows: Partial<IndexedFile>[] = [];
    for (let d = i; d < Math.min(SIZE.documents, i + 200); d++) {
      const path = `household/${pick(words)}/doc-${d}.md`;
      rows.push({
        path,
        hash: `h${d}`,
        collections: JSON.stringify(['household']),
        chunks: SIZE.chunksPerDocument,
        embedder: embedder.id,
        size: 2000,
        title: `Doc ${d}`,
        guestVisible: false,
        indexedAt: new Date(),
      });
      for (let c = 0; c < SIZE.chunksPerDocument; c++) {
        const text = `${sentence()}. ${sentence()}.`;
        records.push({
          collection: 'household',
          path,
          ordinal: c,
          kind: 'prose',
          headings: [],
          lineStart: c * 5 + 1,
          lineEnd: c * 5 + 4,
          text,
          vector: embedder.embedOne(text),
        });
      }
    }
    await files.insert(rows);
    await store.upsert(records);
  }
  await store.close();
  lap(`${SIZE.documents} documents, ${SIZE.documents * SIZE.chunksPerDocument} chunks`);
}

async function main(): Promise<void> {
  const started = performance.now();
  const model = await ScriptedModelServer.start();
  scriptTurns(model);
  const dataDir = tempDir('quorra-growth-');
  // The offline embedder (512 dims): the scripted model's 64-dim embeddings would understate the vector search.
  const config = {
    model: { embeddingModel: undefined },
    plugins: { knowledge: { settings: { watch: false, indexOnStart: false } } },
  };
  let app = await bootApp({ model, dataDir, config, listen: false });
  const owner = await addUser(app, 'Bench');
  const empty = await turnCost(app, owner);
  console.log(
    `growth: empty household, chat turn (recall + knowledge search, instant model) p50 ${empty.p50.toFixed(2)} ms,` +
      ` p95 ${empty.p95.toFixed(2)} ms`,
  );
  console.log(`growing to ${SCALE === 1 ? '5 years' : `${SCALE} x 5 years`} of use:`);
  await grow(app, owner);
  await app.stop();
  app = await bootApp({ model, dataDir, config, listen: false });
  const grown = await turnCost(app, owner);
  const ratio = grown.p50 / empty.p50;
  const size = `${SIZE.notes} notes, ${SIZE.memories} memories, ${SIZE.documents} documents, ${SIZE.documents * SIZE.chunksPerDocument} chunks`;
  console.log(
    `growth: grown household (${size}) p50 ${grown.p50.toFixed(2)} ms, p95 ${grown.p95.toFixed(2)} ms` +
      ` -> ${ratio.toFixed(2)}x the empty one (p95 ${(grown.p95 / empty.p95).toFixed(2)}x)`,
  );
  reportGoal({
    id: 'growth.turn',
    value: ratio,
    unit: 'x',
    target: 2,
    direction: 'max',
    baseline: `the same turn on an empty database, same run (${empty.p50.toFixed(2)} ms)`,
    note: SCALE === 1 ? size : `SCALED ${SCALE}: ${size}`,
  });
  await app.stop({ clean: true });
  await model.close();
  console.log(`\ndone in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

await main();
