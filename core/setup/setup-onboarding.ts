// Wires the first run: the setup gate, the model download job and the routes, over the app's own stores and clients.

import { DEFAULT_CHAT_MODEL, DEFAULT_EMBEDDING_MODEL, type ModelEntry } from '../config/model-manifest.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { Conversation } from '../engine/setup-conversation.ts';
import type { MatrixSetup } from '../matrix/setup-matrix.ts';
import { modelsDir } from '../model/create-backend.ts';
import type { ModelClient } from '../model/model-client.ts';
import { ModelPullJob } from './model-pull-job.ts';
import { SetupGate } from './setup-gate.ts';
import { setupRoutes } from './setup-routes.ts';

/** The models the setup page downloads, when not the manifest's defaults (tests: a small file with a pinned hash). */
export type SetupModels = readonly ModelEntry[];

type LogFn = (details: object, message: string) => void;

export interface Onboarding {
  gate: SetupGate;
  pull: ModelPullJob;
  routes: ReturnType<typeof setupRoutes>;
}

/** The models the setup page downloads: the defaults, unless the caller names others (tests use a small file). */
export function setupOnboarding(
  d: {
    config: QuorraConfig;
    dataDir: string;
    conversation: Conversation;
    model: ModelClient;
    matrix: MatrixSetup;
    logger: { info: LogFn; warn: LogFn; error: LogFn };
  },
  models?: SetupModels,
): Onboarding {
  const log = (level: 'info' | 'warn' | 'error', message: string, details?: object) =>
    d.logger[level]({ subsystem: 'model', ...details }, message);
  const gate = new SetupGate(d.conversation.users);
  const pull = new ModelPullJob(
    () => models ?? [DEFAULT_CHAT_MODEL, DEFAULT_EMBEDDING_MODEL],
    modelsDir(d.config.model, d.dataDir),
    // the files are there now: the embedded backend is built again so the next turn loads them
    () => d.model.reconfigure(d.config.model, { dataDir: d.dataDir, log }),
  );
  const routes = setupRoutes({
    config: d.config,
    dataDir: d.dataDir,
    gate,
    users: d.conversation.users,
    grants: d.conversation.signInGrants,
    pull,
    matrixRunning: () => d.matrix.runtime !== undefined,
    adoptMatrix: (s) => d.matrix.adopt(s),
    adoptModel: async (s) => {
      Object.assign(d.config.model, s);
      await d.model.reconfigure(d.config.model, { dataDir: d.dataDir, log });
    },
  });
  return { gate, pull, routes };
}
