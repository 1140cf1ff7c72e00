// Benchmarks sealed memory recall at 1k, 10k and 100k memories in one run and prints p50/p95 and the ratios.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Seal } from '../core/auth/principal.ts';
import { coreEntities } from '../core/db/entities.ts';
import { openDatabase } from '../core/db/open-database.ts';
import { sqliteConnection } from '../core/db/sqlite-connection.ts';
import { scoreDocs } from '../core/memory/bm25-score.ts';
import { foldWord, queryWords, words } from '../core/memory/fts-query.ts';
import { memoryEntities, memoryMigrations } from '../core/memory/index.ts';
import { normalizeQueryTags, type RecallQuery } from '../core/memory/memory-search.ts';
import { MemoryStore } from '../core/memory/memory-store.ts';
import { coreMigrations } from '../migrations/index.ts';
import { reportGoal } from './support/goals.ts';
import { prng } from './support/prng.ts';

const SIZES = [1_000, 10_000, 100_000];
const QUERIES_PER_SIZE = 600;
/** Queries per size checked against an exhaustive BM25 over every row the seal admits. */
const QUALITY_QUERIES = 150;
const WARMUP = 100;

const rand = prng(20300601);
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)];

/** Draws ranks 0..n-1 with Zipf-like frequencies, as words and names occur in real text. */
function zipf(n: number, s = 1.05): () => number {
  const cumulative: number[] = [];
  let total = 0;
  for (let r = 1; r <= n; r++) {
    total += 1 / r ** s;
    cumulative.push(total);
  }
  return () => {
    const x = rand() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

const split = (s: string) => s.split(',').map((w) => w.trim());
const people = split(
  'Mia,Leo,Cara,Gary,Kurt,Anna,Tom,Rosa,Ben,Ivy,Omar,Lena,Jonas,Priya,Sam,Grandma,Grandpa,the twins,Aunt Ruth,Uncle Joe',
);
const foods = split(
  'oat milk,peanuts,gluten free bread,spicy curry,mushrooms,strawberries,shellfish,dark chocolate,porridge,lasagne,' +
    'green tea,sourdough,feta,lentil soup,sushi,pancakes,olives,avocado,salmon,plain yoghurt',
);
const appointments = split(
  'dentist appointment,eye test,flu jab,physio session,school meeting,car service,haircut,vet check-up,' +
    'parents evening,blood test,piano exam,swimming lesson,tax advisor meeting,boiler inspection',
);
const items = split(
  'boiler,dishwasher,garden hose,car battery,roof gutter,smoke alarm,fridge filter,bike chain,heat pump,' +
    'garage door,washing machine,router,hot tub,chimney,kitchen tap,solar panel,lawn mower,sofa bed,printer',
);
const places = split(
  'clinic,town hall,lake house,rental flat,office,primary school,farmers market,garden centre,library,' +
    'train station,sports hall,allotment,hardware store,pharmacy,bakery,community centre',
);
const days = split('Monday,Tuesday,Wednesday,Thursday,Friday,Saturday,Sunday,weekend,first of the month');
const months = split('January,February,March,April,May,June,July,August,September,October,November,December');
const activities = split(
  'yoga,football practice,chess club,rock climbing,choir,board games,long walks,gardening,baking,' +
    'cycling to work,karate,book club,pottery,sailing,birdwatching',
);
const relations = split(
  'sister,brother,cousin,colleague,neighbour,godmother,landlord,plumber,babysitter,friend',
);
const topicTags = split(
  'health,school,finance,car,home,food,travel,kids,rental,guests,work,pets,hobby,insurance,maintenance,family,' +
    'schedule,shopping,garden,allergy,birthday,utilities,doctor,holiday,cleaning,security,bakery,recipes,sport,music',
);

// The long tail: invented proper nouns (shops, streets, people) with Zipf frequencies, so that, as in real
// household text, the vocabulary keeps growing with the number of memories.
const syllables = split(
  'bra,ken,lo,mi,sta,vo,rin,dal,fe,gu,tor,wen,sha,pel,mar,tis,hol,ne,quin,ab,zu,ro,cal,dre',
);
const longTail = Array.from({ length: 30_000 }, (_, i) => {
  let n = i + 7;
  let name = '';
  do {
    name += syllables[n % syllables.length];
    n = Math.floor(n / syllables.length);
  } while (n > 0);
  return name[0].toUpperCase() + name.slice(1);
});
const tailRank = zipf(longTail.length);
const name = () => longTail[tailRank()];

const templates: Array<() => string> = [
  () => `${pick(people)} prefers ${pick(foods)} for breakfast on ${pick(days)}`,
  () => `${pick(people)} is allergic to ${pick(foods)}, check labels at ${name()} market`,
  () => `${pick(people)} has a ${pick(appointments)} with ${name()} at the ${pick(places)} on ${pick(days)}`,
  () =>
    `The ${pick(items)} at the ${pick(places)} needs fixing before ${pick(months)}, ${name()} quoted ${Math.floor(rand() * 900) + 40} euros`,
  () => `We decided to replace the ${pick(items)} in ${pick(months)} because the old one kept failing`,
  () => `${pick(people)}'s ${pick(relations)} ${name()} lives on ${name()} Street`,
  () =>
    `Guests at the rental flat should leave the ${pick(items)} alone and call ${name()} if something breaks`,
  () => `${pick(people)} paid ${Math.floor(rand() * 500) + 5} euros for the ${pick(items)} at ${name()}`,
  () => `${pick(people)} does not enjoy ${pick(activities)} on ${pick(days)} evenings`,
  () => `${name()} from ${name()} delivers ${pick(foods)} every ${pick(days)}`,
  () => `${pick(people)} wants to try ${pick(activities)} in ${pick(months)} with ${name()}`,
  () => `The ${pick(appointments)} for ${pick(people)} moved to ${pick(days)} at the ${pick(places)}`,
];

/** Each query kind with the label its recall@8 is printed under. */
const queryKinds: Array<[string, () => { text?: string; tags?: string[] }]> = [
  ['person + appointment', () => ({ text: `When is ${pick(people)}'s ${pick(appointments)}?` })],
  ['person + food', () => ({ text: `Does ${pick(people)} like ${pick(foods)}?` })],
  ['a name alone', () => ({ text: `Who is ${name()} again?` })],
  ['item + a tag', () => ({ text: `what did we decide about the ${pick(items)}`, tags: [pick(topicTags)] })],
  ['item + shop name', () => ({ text: `how much did we pay for the ${pick(items)} at ${name()}` })],
  ['two tags', () => ({ tags: [pick(topicTags), pick(topicTags)] })],
  [
    'person + activity + month',
    () => ({ text: `remind me what ${pick(people)} said about ${pick(activities)} in ${pick(months)}` }),
  ],
  ['place + item', () => ({ text: `is anything at the ${pick(places)} broken? the ${pick(items)} maybe` })],
];
const queryTemplates = queryKinds.map(([, make]) => make);

const users = ['alice', 'bob', 'carol', 'dave', 'erin', 'frank'];
const workspaces = [null, null, 'rental', 'bakery', 'allotment'];

async function seed(store: MemoryStore, conn: ReturnType<typeof sqliteConnection>, count: number) {
  const BATCH = 5_000;
  for (let done = 0; done < count; done += BATCH) {
    // One transaction per batch keeps seeding quick; each row still goes through create() and the FTS triggers.
    conn.exec('BEGIN');
    for (let i = 0; i < Math.min(BATCH, count - done); i++) {
      const tags = Array.from({ length: Math.floor(rand() * 4) }, () => pick(topicTags));
      await store.create(
        { content: pick(templates)(), tags, importance: rand() < 0.05 ? 'core' : 'contextual' },
        {
          workspace: pick(workspaces),
          ownerUserId: rand() < 0.3 ? null : pick(users),
          provenance: 'user_stated',
        },
      );
    }
    conn.exec('COMMIT');
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

async function measure(
  store: MemoryStore,
): Promise<{ p50: number; p95: number; cpu50: number; hits: number }> {
  const latencies: number[] = [];
  // A recall is synchronous SQLite plus JavaScript, so its CPU time is what it takes on an idle machine; on a
  // shared one the wall clock also counts the time other processes held the core.
  const cpu: number[] = [];
  let hits = 0;
  for (let i = 0; i < WARMUP + QUERIES_PER_SIZE; i++) {
    const seal: Seal = { userId: pick(users), workspace: pick(workspaces) };
    const query = pick(queryTemplates)();
    const cpu0 = process.cpuUsage();
    const start = process.hrtime.bigint();
    const found = await store.recall(seal, { ...query, limit: 8 });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    const used = process.cpuUsage(cpu0);
    if (i >= WARMUP) {
      latencies.push(ms);
      cpu.push((used.user + used.system) / 1000);
      hits += found.length;
    }
  }
  latencies.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    cpu50: percentile(cpu, 50),
    hits: hits / QUERIES_PER_SIZE,
  };
}

interface Doc {
  id: number;
  content: string;
  tags: string[];
  workspace: string | null;
  owner: string | null;
  folded: Set<string>;
}

/** Every live row, with its folded words, to rank exhaustively (the bench writes no archived or expiring rows). */
function loadDocs(conn: ReturnType<typeof sqliteConnection>): Doc[] {
  const rows = conn
    .prepare('SELECT id, content, tags, workspace, owner_user_id FROM memories')
    .all() as Array<{
    id: number;
    content: string;
    tags: string;
    workspace: string | null;
    owner_user_id: string | null;
  }>;
  return rows.map((r) => {
    const tags = JSON.parse(r.tags) as string[];
    return {
      id: r.id,
      content: r.content,
      tags,
      workspace: r.workspace,
      owner: r.owner_user_id,
      folded: new Set([r.content, ...tags].flatMap((t) => words(t).map(foldWord))),
    };
  });
}

/** The top 8 of a BM25 ranking of every admitted row, with document counts taken over the whole table. */
function exhaustive(docs: Doc[], seal: Seal, query: RecallQuery): number[] {
  const queried = queryWords(query.text ?? '');
  const df = new Map(queried.map((w) => [foldWord(w), 0]));
  for (const d of docs) for (const t of df.keys()) if (d.folded.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const length = docs.reduce((n, d) => n + words(d.content).length + d.tags.flatMap(words).length, 0);
  const admitted = docs.filter(
    (d) => d.workspace === seal.workspace && (d.owner === null || d.owner === seal.userId),
  );
  return scoreDocs(
    admitted,
    { words: queried, tags: normalizeQueryTags(query.tags) },
    { rows: docs.length, avgLength: length / docs.length, df },
  )
    .filter((s) => s.score > 0)
    .slice(0, 8)
    .map((s) => s.doc.id);
}

/** recall@8 of the store's answers against the exhaustive ranking, and whether the old best match was found. */
async function quality(
  store: MemoryStore,
  conn: ReturnType<typeof sqliteConnection>,
  old: { id: number; seal: Seal; query: RecallQuery },
): Promise<{ recall: number; oldFound: boolean; byKind: string }> {
  const docs = loadDocs(conn);
  const tally = queryKinds.map(() => ({ wanted: 0, found: 0 }));
  let wanted = 0;
  let found = 0;
  const check = async (seal: Seal, query: RecallQuery, kind?: number) => {
    const ref = exhaustive(docs, seal, query);
    const got = new Set((await store.recall(seal, { ...query, limit: 8 })).map((s) => s.memory.id));
    const hit = ref.filter((id) => got.has(id)).length;
    wanted += ref.length;
    found += hit;
    if (kind !== undefined) {
      tally[kind].wanted += ref.length;
      tally[kind].found += hit;
    }
    return got;
  };
  const oldFound = (await check(old.seal, old.query)).has(old.id);
  for (let i = 0; i < QUALITY_QUERIES; i++) {
    const kind = Math.floor(rand() * queryKinds.length);
    await check({ userId: pick(users), workspace: pick(workspaces) }, queryKinds[kind][1](), kind);
  }
  const byKind = queryKinds
    .map(
      ([label], k) => `${label} ${(tally[k].wanted === 0 ? 1 : tally[k].found / tally[k].wanted).toFixed(2)}`,
    )
    .join(', ');
  return { recall: wanted === 0 ? 1 : found / wanted, oldFound, byKind };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'quorra-bench-'));
  const { db } = await openDatabase({
    path: path.join(dir, 'bench.db'),
    busyTimeoutMs: 5000,
    entities: [...new Set([...coreEntities, ...memoryEntities])],
    migrations: [...new Set([...coreMigrations, ...memoryMigrations])],
  });
  try {
    const store = new MemoryStore(db);
    const conn = sqliteConnection(db);
    const results: Array<{
      size: number;
      p50: number;
      p95: number;
      cpu50: number;
      hits: number;
      recall: number;
    }> = [];
    // The oldest memory is the best match for a query made only of common words: a search that ranks only each
    // word's newest matches never sees it (the blind spot this bench guards against).
    const oldSeal: Seal = { userId: 'alice', workspace: null };
    const oldest = await store.create(
      { content: 'Mia prefers porridge for breakfast on Sunday', tags: ['food'] },
      { workspace: null, ownerUserId: 'alice', provenance: 'user_stated' },
    );
    const old = { id: oldest.id, seal: oldSeal, query: { text: 'Sunday breakfast: porridge for Mia?' } };
    let seeded = 1;
    console.log(`memory recall: ${QUERIES_PER_SIZE} sealed queries per size, 6 users, 4 contexts, top 8`);
    for (const size of SIZES) {
      const t0 = Date.now();
      await seed(store, conn, size - seeded);
      seeded = size;
      // the state a household's index is in on any day: merged by last night's upkeep (runNightly)
      await store.runNightly();
      const r = await measure(store);
      const q = await quality(store, conn, old);
      results.push({ size, ...r, recall: q.recall });
      console.log(
        `  ${String(size).padStart(7)} memories: p50 ${r.p50.toFixed(3)} ms  p95 ${r.p95.toFixed(3)} ms` +
          `  CPU p50 ${r.cpu50.toFixed(3)} ms` +
          `  (${r.hits.toFixed(1)} results/query, seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s)` +
          `  recall@8 ${q.recall.toFixed(3)}, old best match ${q.oldFound ? 'found' : 'MISSED'}`,
      );
      console.log(`    recall@8 by query kind: ${q.byKind}`);
    }
    const [base] = results;
    for (const r of results.slice(1)) {
      console.log(
        `  ratio ${r.size / 1000}k/1k: p50 ${(r.p50 / base.p50).toFixed(2)}x  p95 ${(r.p95 / base.p95).toFixed(2)}x` +
          `  CPU p50 ${(r.cpu50 / base.cpu50).toFixed(2)}x`,
      );
    }
    const top = results.at(-1)!;
    reportGoal({
      id: 'recall.p50',
      value: top.p50,
      unit: ' ms',
      target: 2,
      direction: 'max',
      baseline: `absolute, at ${top.size / 1000}k memories (1k p50 ${base.p50.toFixed(3)} ms; CPU p50 ${top.cpu50.toFixed(3)} ms at ${top.size / 1000}k, ${base.cpu50.toFixed(3)} ms at 1k)`,
    });
    reportGoal({
      id: 'recall.ratio',
      value: top.p50 / base.p50,
      unit: 'x',
      target: 3,
      direction: 'max',
      baseline: `the 1k figure, same run (by CPU time per query: ${(top.cpu50 / base.cpu50).toFixed(2)}x)`,
    });
    reportGoal({
      id: 'recall.quality',
      value: Math.min(...results.map((r) => r.recall)),
      unit: '',
      target: 0.95,
      direction: 'min',
      baseline: `exhaustive BM25 over every admitted row, ${QUALITY_QUERIES} queries per size, worst size`,
    });
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
