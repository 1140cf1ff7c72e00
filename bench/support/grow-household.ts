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
import { householdSentence, rand, someTags } from './memory-corpus.ts';

/** How much a household holds. */
export interface HouseholdSize {
  notes: number;
  memories: number;
  documents: number;
  chunksPerDocument: number;
}

/**
 * Names the generated text, so a household kept for reuse (BENCH_GROWTH_DIR) is only reused if grown from the same
 * text. Until 2026-12-01 it was 8–17 words drawn uniformly from 60: every question word then sat in 13–25% of all
 * memories and chunks, which no real household's text does (word frequencies follow Zipf's law).
 */
export const CORPUS = 'household-templates-v1';

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
        text: householdSentence(),
      });
    }
    conn.exec('COMMIT');
  }
  lap(`${size.notes} notes`);
  for (let i = 0; i < size.memories; i += 5000) {
    conn.exec('BEGIN');
    for (let j = i; j < Math.min(size.memories, i + 5000); j++) {
      await memory.store.create(
        { content: householdSentence(), tags: someTags(), importance: rand() < 0.05 ? 'core' : 'contextual' },
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
      const path = `household/${someTags()[0] ?? 'misc'}/doc-${d}.md`;
      const chunks = Array.from(
        { length: size.chunksPerDocument },
        () => `${householdSentence()}. ${householdSentence()}.`,
      );
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
