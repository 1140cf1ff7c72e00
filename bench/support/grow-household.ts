// Grows a booted household to a given size through the real stores: notes, memories, indexed documents.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sqliteConnection } from '../../core/db/sqlite-connection.ts';
import { EmbeddedVectorStore } from '../../plugins/knowledge/embedded-vector-store.ts';
import type { KnowledgeApi } from '../../plugins/knowledge/index.ts';
import { IndexedFile } from '../../plugins/knowledge/indexed-file.entity.ts';
import { LexicalEmbedder } from '../../plugins/knowledge/lexical-embedder.ts';
import type { VectorRecord } from '../../plugins/knowledge/vector-store.ts';
import type { BootedApp } from '../../test/support/boot-app.ts';
import type { TestUser } from '../../test/support/household.ts';
import { prng } from './prng.ts';

/** How much a household holds. */
export interface HouseholdSize {
  notes: number;
  memories: number;
  documents: number;
  chunksPerDocument: number;
}

const rand = prng(0x5ea5);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const words = (
  'boiler cellar garden roses shed bicycle insurance mortgage recipe plum cake school holiday passport dentist ' +
  'appointment invoice budget electricity heating window plumber roof gutter car tyres service warranty fridge ' +
  'laundry wifi router guest cabin lake sauna firewood lockbox towels vet cat dog allergy pharmacy birthday ' +
  'grandmother train museum library tax pension savings piano football swimming bakery allotment rental'
).split(' ');
const sentence = (n = 8 + Math.floor(rand() * 10)) => Array.from({ length: n }, () => pick(words)).join(' ');

/** Two household words, as a question's topic. */
export const topic = () => `${pick(words)} ${pick(words)}`;

/** Adds notes, memories and documents in bulk transactions, printing how long each kind took. */
export async function growHousehold(app: BootedApp, owner: TestUser, size: HouseholdSize): Promise<void> {
  const { db, memory } = app.quorra;
  const conn = sqliteConnection(db);
  let t = performance.now();
  const lap = (what: string) => {
    console.log(`  ${what} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
  };
  const day = 86_400_000;
  for (let i = 0; i < size.notes; i += 5000) {
    conn.exec('BEGIN');
    for (let j = i; j < Math.min(size.notes, i + 5000); j++) {
      const mine = rand() < 0.6;
      await memory.notes.append({
        slice: {
          workspace: null,
          visibility: mine ? 'private' : 'shared',
          ownerUserId: mine ? owner.id : null,
        },
        sourceKind: 'chat_turn',
        occurredAt: new Date(Date.now() - (5 * 365 * day * (size.notes - j)) / size.notes),
        text: sentence(),
      });
    }
    conn.exec('COMMIT');
  }
  lap(`${size.notes} notes`);
  for (let i = 0; i < size.memories; i += 5000) {
    conn.exec('BEGIN');
    for (let j = i; j < Math.min(size.memories, i + 5000); j++) {
      await memory.store.create(
        { content: sentence(), tags: [pick(words)], importance: rand() < 0.05 ? 'core' : 'contextual' },
        { workspace: null, ownerUserId: rand() < 0.5 ? owner.id : null, provenance: 'user_stated' },
      );
    }
    conn.exec('COMMIT');
  }
  lap(`${size.memories} memories`);
  // Documents as the indexer leaves them: the file in the vault, its knowledge_file row (same hash, so the next
  // pass finds it unchanged) and its chunks in the vector store.
  const vault = app.quorra.plugins.api<KnowledgeApi>('knowledge')!.vaultRoot;
  const embedder = new LexicalEmbedder();
  const store = new EmbeddedVectorStore(db, { graphFrom: Number.POSITIVE_INFINITY });
  const files = db.getRepository(IndexedFile);
  for (let i = 0; i < size.documents; i += 200) {
    const records: VectorRecord[] = [];
    const rows: Partial<IndexedFile>[] = [];
    for (let d = i; d < Math.min(size.documents, i + 200); d++) {
      const path = `household/${pick(words)}/doc-${d}.md`;
      const chunks = Array.from({ length: size.chunksPerDocument }, () => `${sentence()}. ${sentence()}.`);
      const bytes = Buffer.from(`# Doc ${d}\n\n${chunks.join('\n\n')}\n`);
      mkdirSync(dirname(join(vault, path)), { recursive: true });
      writeFileSync(join(vault, path), bytes);
      rows.push({
        path,
        hash: createHash('sha256').update(bytes).digest('hex'),
        collections: JSON.stringify(['household']),
        chunks: size.chunksPerDocument,
        embedder: embedder.id,
        size: bytes.length,
        title: `Doc ${d}`,
        guestVisible: false,
        indexedAt: new Date(),
      });
      for (const [c, text] of chunks.entries())
        records.push({
          collection: 'household',
          path,
          ordinal: c,
          kind: 'prose',
          title: `Doc ${d}`,
          headings: [],
          lineStart: c * 2 + 3,
          lineEnd: c * 2 + 3,
          text,
          vector: embedder.embedOne(text),
        });
    }
    await files.insert(rows);
    await store.upsert(records);
  }
  await store.close();
  lap(`${size.documents} documents, ${size.documents * size.chunksPerDocument} chunks`);
}
