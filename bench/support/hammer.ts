// A small closed-loop HTTP load generator: N concurrent keep-alive clients for a fixed time.
import { Agent, request } from 'node:http';

/** Percentile of a sorted-or-not sample, in the sample's unit. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Sends GETs to url from `concurrency` loops for `seconds`; returns requests/s and latency percentiles (ms). */
export async function hammer(
  url: string,
  seconds: number,
  concurrency: number,
): Promise<{ rps: number; p50: number; p95: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const t0 = performance.now();
      request(url, { agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - t0);
          resolve();
        });
      })
        .on('error', reject)
        .end();
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  return { rps: latencies.length / elapsed, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}
