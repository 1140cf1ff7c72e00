import { coreEntities } from '../core/db/entities.ts';
import { preparedStatement } from '../core/db/entity-rows.ts';
import { openDatabase } from '../core/db/open-database.ts';
import { sqliteConnection } from '../core/db/sqlite-connection.ts';
import { queryWeights } from '../core/memory/bm25-score.ts';
import { queryWords } from '../core/memory/fts-query.ts';
import { memoryEntities, memoryMigrations } from '../core/memory/index.ts';
import { sealedRead } from '../core/memory/memory-search.ts';
import { recallIndexReady } from '../core/memory/recall-index.ts';
import { sealFilter } from '../core/memory/seal-filter.ts';
import { queryStats } from '../core/memory/term-stats.ts';
import { coreMigrations } from '../migrations/index.ts';
import { householdQuestion } from './support/memory-corpus.ts';

async function main() {
  const { db } = await openDatabase({
    path: '/tmp/s14-probe/quorra.db',
    busyTimeoutMs: 5000,
    entities: [...new Set([...coreEntities, ...memoryEntities])],
    migrations: [...new Set([...coreMigrations, ...memoryMigrations])],
  });
  const index = (await recallIndexReady(db))!;
  const seal = { userId: 'bench', workspace: null };
  const f = sealFilter(seal, new Date());
  const conn = sqliteConnection(db);
  const sets: number[][] = [];
  for (let i = 0; i < 500; i++) {
    const words = queryWords(householdQuestion());
    const { stats } = queryStats(db, words);
    const ids = index.best(
      { weights: queryWeights(words, stats), tags: [], avgLength: stats.avgLength },
      f.scopeKeys,
      12,
    );
    if (ids.length === 12) sets.push(ids);
  }
  const cpu = () => process.cpuUsage().user / 1000;
  const variants: Record<string, (ids: number[]) => unknown> = {
    star: (ids) => {
      const { sql, params } = sealedRead(db, f, ids);
      return preparedStatement(conn, sql).all(...params);
    },
    cols: (ids) => {
      const { sql, params } = sealedRead(db, f, ids);
      return preparedStatement(
        conn,
        sql.replace('SELECT m.*', 'SELECT m.id, m.content, m.tags, m.kind, m.importance, m.created_at'),
      ).all(...params);
    },
    idonly: (ids) => {
      const { sql, params } = sealedRead(db, f, ids);
      return preparedStatement(conn, sql.replace('SELECT m.*', 'SELECT m.id')).all(...params);
    },
    raw: (ids) => {
      const { sql, params } = sealedRead(db, f, ids);
      return preparedStatement(conn, sql)
        .raw(true)
        .all(...params);
    },
    inlist: (ids) =>
      preparedStatement(
        conn,
        `SELECT m.* FROM memories m WHERE m.id IN (${ids.map(() => '?').join(',')}) AND ${f.where}`,
      ).all(...ids, ...f.params),
  };
  const tot: Record<string, number> = {};
  for (let r = 0; r < 6; r++)
    for (const [k, fn] of Object.entries(variants)) {
      const a = cpu();
      for (const ids of sets) fn(ids);
      tot[k] = (tot[k] ?? 0) + (cpu() - a) / sets.length;
    }
  for (const [k, v] of Object.entries(tot)) console.log(k, (v / 6).toFixed(3), 'ms CPU per read of 12');
  await db.destroy();
}
main();
