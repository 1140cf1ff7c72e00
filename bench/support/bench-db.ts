// A fresh SQLite file with the knowledge plugin's tables migrated, for the benches that fill the vector store.
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../core/db/open-database.ts';
import { IndexedFile } from '../../plugins/knowledge/indexed-file.entity.ts';
import { CreateKnowledge1764521000000 } from '../../plugins/knowledge/migrations/1764521000000-create-knowledge.ts';
import { VectorChunk } from '../../plugins/knowledge/vector-chunk.entity.ts';

/** Opens `<dir>/bench.db` with only the knowledge tables. */
export async function openKnowledgeBenchDb(dir: string): Promise<DataSource> {
  const { db } = await openDatabase({
    path: path.join(dir, 'bench.db'),
    busyTimeoutMs: 5000,
    entities: [VectorChunk, IndexedFile],
    migrations: [CreateKnowledge1764521000000],
  });
  return db;
}
