// `quorra doctor`: validates config (already done by the caller) and reports which endpoints answer.
import type { Writable } from 'node:stream';
import { databaseLabel } from '../config/data-paths.ts';
import { PULL_COMMAND } from '../config/model-manifest.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { ensureWritableDir } from '../db/open-database.ts';
import { Metrics } from '../metrics/metrics.ts';
import type { EmbeddedBackend } from '../model/embedded/embedded-backend.ts';
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
    out.write(`data dir: ${config.dataDir} writable (database ${databaseLabel(config)})\n`);
  } catch (err) {
    out.write(`data dir: ${(err as Error).message}\n`);
    code = 1;
  }
  const model = new ModelClient(config.model, new Metrics(false), { dataDir: config.dataDir });
  const b = model.backend;
  if (b.kind === 'embedded') {
    // files only: loading a multi-gigabyte model to answer "is it there?" is not a check
    const files = (b as EmbeddedBackend).runtime.files();
    out.write(
      `model: in-process, ${b.location} ${files.chat ? 'present' : `missing (run \`${PULL_COMMAND}\`, or set OPENAI_BASE_URL)`}; embeddings ${files.embedding ? 'present' : 'missing (lexical search until pulled)'}\n`,
    );
  } else {
    const probe = await model.probe(3000);
    out.write(
      `model endpoint ${b.location}: ${probe.ok ? `answers (${probe.models?.length ?? 0} models)` : `does not answer (${probe.reason})`}\n`,
    );
  }
  if (config.matrix.homeserverUrl) {
    out.write(
      `matrix homeserver ${config.matrix.homeserverUrl}: ${await answers(`${config.matrix.homeserverUrl}/_matrix/client/versions`)}\n`,
    );
  } else {
    out.write('matrix: not configured (MATRIX_HOMESERVER_URL)\n');
  }
  return code;
}
