// The other ways to search vectors that issue 17 asked to measure, on the same rows and queries as the store.
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import usearch from 'usearch';

const ms = (x: number) => `${x.toFixed(2)} ms`;

function p50Of(run: (q: Float32Array) => void, queries: Float32Array[]): number {
  run(queries[0]);
  const times = queries.map((q) => {
    const t = performance.now();
    run(q);
    return performance.now() - t;
  });
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

/**
 * usearch's SIMD brute force over the packed Float32 rows, and sqlite-vec 0.1.9's vec0 (Float32 brute force;
 * bit-quantised with 100 candidates rescored from Float32): printed as ratios to the exact scan's p50.
 */
export async function compareCandidates(
  data: Float32Array,
  dims: number,
  queries: Float32Array[],
  k: number,
  exactP50: number,
): Promise<void> {
  const n = data.length / dims;
  const line = (name: string, p: number) =>
    console.log(
      `  ${name.padEnd(40)} p50 ${ms(p).padStart(10)}  (${(p / exactP50).toFixed(2)}x the exact scan)`,
    );
  console.log(`\ncandidates on the same ${n} x ${dims} vectors (search only, no row read-back)`);
  line(
    'usearch exactSearch (SIMD brute force)',
    p50Of((q) => usearch.exactSearch(data, q, dims, k, usearch.MetricKind.IP, 1), queries),
  );
  if (process.env.BENCH_SQLITE_VEC === '0') return;
  const db = new Database(':memory:');
  sqliteVec.load(db);
  db.exec(
    `CREATE VIRTUAL TABLE vf USING vec0(coll INTEGER PARTITION KEY, e float[${dims}] distance_metric=cosine)`,
  );
  db.exec(`CREATE VIRTUAL TABLE vb USING vec0(coll INTEGER PARTITION KEY, e bit[${dims}])`);
  const insF = db.prepare('INSERT INTO vf(rowid, coll, e) VALUES (?, 1, ?)');
  const insB = db.prepare('INSERT INTO vb(rowid, coll, e) VALUES (?, 1, vec_quantize_binary(?))');
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      const v = Buffer.from(data.buffer, data.byteOffset + i * dims * 4, dims * 4);
      insF.run(BigInt(i), v);
      insB.run(BigInt(i), v);
    }
  })();
  const knnF = db.prepare(`SELECT rowid FROM vf WHERE e MATCH ? AND k = ${k} AND coll = 1`);
  const knnB = db.prepare(
    'SELECT rowid FROM vb WHERE e MATCH vec_quantize_binary(?) AND k = 100 AND coll = 1',
  );
  line(
    'sqlite-vec 0.1.9 vec0 float (brute force)',
    p50Of((q) => knnF.all(Buffer.from(q.buffer)), queries),
  );
  line(
    'sqlite-vec vec0 bit + Float32 rescoring',
    p50Of((q) => {
      const ids = (knnB.all(Buffer.from(q.buffer)) as { rowid: number }[]).map((r) => Number(r.rowid));
      return ids
        .map((i) => {
          let s = 0;
          for (let j = 0; j < dims; j++) s += data[i * dims + j] * q[j];
          return [s, i];
        })
        .sort((a, b) => b[0] - a[0])
        .slice(0, k);
    }, queries),
  );
  db.close();
}
