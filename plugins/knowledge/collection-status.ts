// The index per collection, as the owner's Knowledge page shows it: files, chunks, last indexed, and what was skipped.
import type { DataSource } from 'typeorm';
import { areaOf, collectionsFor } from './collections.ts';
import type { FileOutcome } from './index-run.ts';
import { IndexedFile } from './indexed-file.entity.ts';
import type { CollectionInfo } from './vector-store.ts';

/** A file the indexer refused; `path` is null for a member's own folder (their file names are theirs). */
export interface SkippedFile {
  path: string | null;
  reason: string;
  message: string | null;
  at: string;
}

/** One collection's state. */
export interface CollectionStatus {
  name: string;
  files: number;
  chunks: number;
  lastIndexedAt: string | null;
  skipped: SkippedFile[];
}

/** Where skipped files outside every vault area are listed. */
export const OUTSIDE_AREAS = 'outside-areas';

/**
 * Builds the per-collection view. Skips are the indexer's recent ones, latest per path, minus files that have
 * been indexed since (a fixed file is not a problem any more).
 */
export async function collectionStatus(
  db: DataSource,
  collections: CollectionInfo[],
  recentSkipped: (FileOutcome & { at: string })[],
): Promise<CollectionStatus[]> {
  const out = new Map<string, CollectionStatus>();
  const entry = (name: string) => {
    let e = out.get(name);
    if (!e) {
      e = { name, files: 0, chunks: 0, lastIndexedAt: null, skipped: [] };
      out.set(name, e);
    }
    return e;
  };
  for (const c of collections) entry(c.name).chunks = c.count;
  const rows = await db
    .getRepository(IndexedFile)
    .find({ select: { path: true, collections: true, indexedAt: true } });
  const indexed = new Set<string>();
  for (const row of rows) {
    indexed.add(row.path);
    const at = new Date(row.indexedAt).toISOString();
    for (const name of JSON.parse(row.collections) as string[]) {
      const e = entry(name);
      e.files++;
      if (!e.lastIndexedAt || at > e.lastIndexedAt) e.lastIndexedAt = at;
    }
  }
  const latest = new Map(recentSkipped.map((s) => [s.path, s]));
  for (const s of latest.values()) {
    if (indexed.has(s.path)) continue;
    const name = collectionsFor(s.path, false, () => false)[0] ?? OUTSIDE_AREAS;
    entry(name).skipped.push({
      path: areaOf(s.path)?.area === 'member' ? null : s.path,
      reason: s.reason ?? s.status,
      message: areaOf(s.path)?.area === 'member' ? null : (s.message ?? null),
      at: s.at,
    });
  }
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name));
}
