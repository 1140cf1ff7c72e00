// EXPLAIN QUERY PLAN for the statements a bench saw: which of them walk a whole table or sort without an index.
import type Database from 'better-sqlite3';

/** The plan of one statement, and whether any part of it reads a whole table or index. */
export interface QueryPlan {
  lines: string[];
  fullScan: boolean;
}

const explainable = /^\s*(SELECT|WITH|UPDATE|DELETE|INSERT)\b/i;

/** The plan, or undefined for statements that have none worth reading (BEGIN, COMMIT, PRAGMA). */
export function queryPlan(conn: Database.Database, source: string, args: unknown[]): QueryPlan | undefined {
  if (!explainable.test(source)) return undefined;
  try {
    const rows = conn.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...args) as { detail: string }[];
    const lines = rows.map((r) => r.detail);
    // "SCAN t" and "SCAN t USING [COVERING] INDEX i" both visit every row; a SEARCH is bounded by its key.
    // Not table walks: an FTS5 table's own lookup, constant rows, a subquery's or a CTE's own result.
    const own = new Set(lines.map((l) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)/.exec(l)?.[1]).filter(Boolean));
    const fullScan = lines.some((l) => {
      const scanned = /^SCAN (\S+)/.exec(l)?.[1];
      return (
        scanned !== undefined &&
        !own.has(scanned) &&
        !scanned.startsWith('(') &&
        !l.includes('VIRTUAL TABLE') &&
        !/^SCAN \d+ CONSTANT ROWS?/.test(l) &&
        !/^SCAN \d+-ROW VALUES CLAUSE/.test(l) &&
        !l.startsWith('SCAN CONSTANT ROW')
      );
    });
    return { lines, fullScan };
  } catch (err) {
    return { lines: [`(not explainable: ${(err as Error).message})`], fullScan: false };
  }
}
