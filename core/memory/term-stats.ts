// Corpus statistics for BM25 over the whole memory index: row count, average length, per-term document counts.
import type Database from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import { sqliteConnection } from '../db/sqlite-connection.ts';
import type { ScoringStats } from '../text/bm25-score.ts';
import { foldWord } from '../text/word-tokens.ts';
import { indexForm, wordVariants } from './fts-query.ts';

export interface CorpusStats {
  /**
   * Rows indexed, every slice. FTS5 cannot subtract a contentless row it deletes, so edits and archiving only add:
   * every word's weight drifts up alike, which leaves the ranking close to the exact one.
   */
  rows: number;
  /** Average tokens per indexed row over content and tags. */
  avgLength: number;
  /**
   * Rows containing the index term (as FTS5 folds it: lowercased, diacritics removed). A deleted or edited row
   * still counts until FTS5 merges its segment: a small overcount that only shifts weights, never what matches.
   */
  df(term: string): number;
}

interface ConnectionStats {
  averages: Database.Statement;
  vocab: Database.Statement;
  /** The averages record these counts were taken against; any write to the index changes it. */
  key: string;
  counts: Map<string, number>;
}

/** Counts cached per term are dropped beyond this many, so odd queries cannot grow the cache without bound. */
const MAX_CACHED_TERMS = 20_000;
const perConnection = new WeakMap<Database.Database, ConnectionStats>();

/** Decodes SQLite/FTS5 varints (big-endian 7-bit groups; a 9th byte carries 8 bits). */
export function readVarints(blob: Uint8Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < blob.length) {
    let v = 0;
    for (let n = 0; n < 9 && i < blob.length; n++) {
      const byte = blob[i++];
      if (n === 8) {
        v = v * 256 + byte;
        break;
      }
      v = v * 128 + (byte & 0x7f);
      if ((byte & 0x80) === 0) break;
    }
    out.push(v);
  }
  return out;
}

function connectionStats(conn: Database.Database): ConnectionStats {
  let s = perConnection.get(conn);
  if (!s) {
    // fts5vocab reads the index's own term list; a temp table leaves the schema (and migrations) untouched.
    conn.exec(
      "CREATE VIRTUAL TABLE IF NOT EXISTS temp.memories_fts_vocab USING fts5vocab(main, 'memories_fts', 'row')",
    );
    s = {
      // Row 1 of an FTS5 data table is its "averages" record: row count, then token totals per column.
      averages: conn.prepare('SELECT block FROM memories_fts_data WHERE id = 1').pluck(),
      vocab: conn.prepare('SELECT doc FROM temp.memories_fts_vocab WHERE term = ?').pluck(),
      key: '',
      counts: new Map(),
    };
    perConnection.set(conn, s);
  }
  return s;
}

/**
 * Reads the index's statistics. Document counts cost a pass over the term's postings, so they are cached until the
 * next write to the index (detected by the averages record changing): exact, and a repeated word is free.
 */
export function corpusStats(db: DataSource): CorpusStats {
  const s = connectionStats(sqliteConnection(db));
  const block = s.averages.get() as Buffer | undefined;
  const [rows = 0, content = 0, tags = 0] = block ? readVarints(block) : [];
  const key = block ? block.toString('hex') : '';
  if (key !== s.key || s.counts.size > MAX_CACHED_TERMS) {
    s.key = key;
    s.counts.clear();
  }
  return {
    rows,
    avgLength: rows > 0 ? (content + tags) / rows : 1,
    df(term) {
      let n = s.counts.get(term);
      if (n === undefined) {
        n = Number(s.vocab.get(term) ?? 0);
        s.counts.set(term, n);
      }
      return n;
    },
  };
}

/**
 * The ranking statistics of a query's words (each word's document count summed over the forms the index holds),
 * and those forms: only they go into an FTS5 expression, since each form costs a term lookup even when absent.
 */
export function queryStats(
  db: DataSource,
  queryWords: readonly string[],
): { stats: ScoringStats; forms: Map<string, string[]>; index: CorpusStats } {
  const index = corpusStats(db);
  const df = new Map<string, number>();
  const forms = new Map<string, string[]>();
  for (const w of queryWords) {
    const held = wordVariants(w).filter((v) => index.df(indexForm(v)) > 0);
    forms.set(w, held);
    df.set(
      foldWord(w),
      held.reduce((n, v) => n + index.df(indexForm(v)), 0),
    );
  }
  return { stats: { rows: index.rows, avgLength: index.avgLength, df }, forms, index };
}
