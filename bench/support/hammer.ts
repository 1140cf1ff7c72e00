// A small closed-loop HTTP load generator (N concurrent keep-alive clients for a fixed time) and a lean JSON client.
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

/**
 * A keep-alive JSON client on node:http for benches that time one request at a time in their own process. Not
 * fetch: undici's fetch spends ≈ 0.7 ms more CPU per request than this on the same machine, and a client in the
 * bench's process is timed as if it were the server's work.
 */
export function jsonClient(baseUrl: string, headers: Record<string, string> = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    post(path: string, body: unknown): Promise<{ status: number; json: any }> {
      const payload = Buffer.from(JSON.stringify(body));
      return new Promise((resolve, reject) => {
        const req = request(
          `${baseUrl}${path}`,
          {
            method: 'POST',
            agent,
            headers: { ...headers, 'content-type': 'application/json', 'content-length': payload.length },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              try {
                resolve({
                  status: res.statusCode ?? 0,
                  json: JSON.parse(Buffer.concat(chunks).toString('utf8')),
                });
              } catch (err) {
                reject(err);
              }
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
    close: () => agent.destroy(),
  };
}
