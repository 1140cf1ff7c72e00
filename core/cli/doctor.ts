// `quorra doctor`: validates config (already done by the caller) and reports which endpoints answer.
import type { Writable } from 'node:stream';
import { databasePath } from '../config/data-paths.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { ensureWritableDir } from '../db/open-database.ts';
import { Metrics } from '../metrics/metrics.ts';
import { ModelClient } from '../model/model-client.ts';

async function answers(url: string): Promise<string> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    return `answers (HTTP ${res.status})`;
  } catch (err) {
    return `does not answer (${(err as Error).cause ?? (err as Error).message})`;
  }
}

/** Prints one line per check; exit code 1 when something required is broken. */
export async function doctor(_args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  let code = 0;
  out.write('config: valid\n');
  try {
    ensureWritableDir(config.dataDir);
    out.write(`data dir: ${config.dataDir} writable (database ${databasePath(config)})\n`);
  } catch (err) {
    out.write(`data dir: ${(err as Error).message}\n`);
    code = 1;
  }
  const probe = await new ModelClient(config.model, new Metrics(false)).probe(3000);
  out.write(
    `model endpoint ${config.model.baseUrl}: ${probe.ok ? `answers (${probe.models?.length ?? 0} models)` : `does not answer (${probe.reason})`}\n`,
  );
  if (config.matrix.homeserverUrl) {
    out.write(
      `matrix homeserver ${config.matrix.homeserverUrl}: ${await answers(`${config.matrix.homeserverUrl}/_matrix/client/versions`)}\n`,
    );
  } else {
    out.write('matrix: not configured (MATRIX_HOMESERVER_URL)\n');
  }
  return code;
}
