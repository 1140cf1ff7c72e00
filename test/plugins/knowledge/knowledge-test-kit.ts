// Shared helpers for the knowledge tests: a migrated SQLite file in a temp dir, vault writing, seeded vectors.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../core/db/open-database.ts';
import { IndexedFile } from '../../../plugins/knowledge/indexed-file.entity.ts';
import { CreateKnowledge1764521000000 } from '../../../plugins/knowledge/migrations/1764521000000-create-knowledge.ts';
import { VectorChunk } from '../../../plugins/knowledge/vector-chunk.entity.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

/** A temp directory and a function that removes it. */
export function makeTempDir(prefix = 'quorra-knowledge-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Opens a fresh SQLite file with only the knowledge plugin's tables migrated. */
export async function openKnowledgeDb(dir: string): Promise<DataSource> {
  const { db } = await openDatabase({
    path: path.join(dir, 'quorra.db'),
    url: await testDatabaseUrl(),
    busyTimeoutMs: 5000,
    entities: [VectorChunk, IndexedFile],
    migrations: [CreateKnowledge1764521000000],
  });
  return db;
}

/** Writes a vault file (creating folders), relative to the vault root. */
export function writeVault(root: string, rel: string, content: string | Buffer): string {
  const abs = path.join(root, ...rel.split('/'));
  mkdirSync(path.dirname(abs), { recursive: true });
  writeFileSync(abs, content);
  return abs;
}

/** A small seeded PRNG (mulberry32), so "random" vectors are the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A vector of `dims` values in [-1, 1) from the generator. */
export function randomVector(rand: () => number, dims: number): Float32Array {
  const v = new Float32Array(dims);
  for (let i = 0; i < dims; i++) v[i] = rand() * 2 - 1;
  return v;
}
