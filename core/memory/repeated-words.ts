// The words a memory holds more than once (a word in its tags counts three times, as BM25 weighs it), kept in an
// FTS5 index of their own on SQLite: BM25 ranks such a row above shorter single mentions, which the length order misses.
import type { DataSource } from 'typeorm';
import { dialectOf } from '../db/dialect.ts';
import { foldWord, words } from '../text/word-tokens.ts';
import { lengthKey } from './length-key.ts';
import { scopeKey } from './seal-filter.ts';

const TAG_WEIGHT = 3;

/** Writes a row's repeated words under its memories_fts_len key (parameters: id, words, scope key). */
export const REPEATS_INSERT = `WITH r(id) AS (SELECT ?) INSERT INTO memories_fts_rep (rowid, words, scope) SELECT ${lengthKey('r.id')}, ?, ? FROM r`;
/** Removes a row's repeated words (id). */
export const REPEATS_DELETE = `WITH r(id) AS (SELECT ?) DELETE FROM memories_fts_rep WHERE rowid = (SELECT ${lengthKey('r.id')} FROM r)`;

/** The distinct tokens whose weighted count, folded as ranking folds them, is at least 2. */
export function repeatedWords(content: string, tags: readonly string[]): string[] {
  const count = new Map<string, { token: string; n: number }>();
  const add = (token: string, weight: number) => {
    const key = foldWord(token);
    const seen = count.get(key);
    if (seen) seen.n += weight;
    else count.set(key, { token, n: weight });
  };
  for (const w of words(content)) add(w, 1);
  for (const tag of tags) for (const w of words(tag)) add(w, TAG_WEIGHT);
  return [...count.values()].filter((c) => c.n >= 2).map((c) => c.token);
}

/** What the search indexes kept beside FTS5 read of a row after a write through the store. */
export interface SearchableRow {
  id: number;
  content: string;
  tags: string[];
  workspace: string | null;
  ownerUserId: string | null;
  archivedAt: Date | null;
}

/**
 * Puts a memory's repeated words in step with the row after a write through the store (the triggers drop them
 * whenever the row's text, slice or archiving changes, and when it is deleted). Rows written by other means are
 * just not reached through repeats.
 */
export async function syncRepeatedWords(db: DataSource, row: SearchableRow, fresh = false): Promise<void> {
  if (dialectOf(db) !== 'sqlite') return;
  // a row just inserted has none yet
  if (!fresh) await db.query(REPEATS_DELETE, [row.id]);
  const found = row.archivedAt ? [] : repeatedWords(row.content, row.tags);
  if (found.length === 0) return;
  await db.query(REPEATS_INSERT, [row.id, found.join(' '), scopeKey(row.workspace, row.ownerUserId)]);
}
