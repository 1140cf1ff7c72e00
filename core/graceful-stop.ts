// A stop's first part: intake ends at once, what is in flight gets the grace, then its model calls are aborted.
import type { TurnDrain } from './engine/turn-drain.ts';
import { WIND_DOWN_MS } from './engine/turn-drain.ts';
import type { HttpServer } from './http/http-server.ts';
import type { MatrixSetup } from './matrix/setup-matrix.ts';

/**
 * No new connection, no new sync; turns and requests in flight get `graceMs`, then their model calls are aborted
 * and what they were answering is left for the next start (exactly once). Resolves once the servers have closed.
 */
export async function stopIntake(
  graceMs: number,
  parts: { servers: (HttpServer | undefined)[]; matrix: MatrixSetup; turns: TurnDrain; endStreams(): void },
): Promise<void> {
  parts.endStreams();
  const closing = Promise.all(parts.servers.map((s) => s?.close(graceMs + WIND_DOWN_MS)));
  parts.matrix.halt();
  await Promise.all([parts.turns.close(graceMs), parts.matrix.settle(graceMs)]);
  await closing;
}
