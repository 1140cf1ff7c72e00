// Builds the conversation engine and its stores, and registers the core modes.
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { BrowserSessions } from '../auth/browser-sessions.ts';
import { SignInGrants } from '../auth/sign-in-grants.ts';
import { TokenStore } from '../auth/token-store.ts';
import { type NewUser, UserStore } from '../auth/user-store.ts';
import { rootDir } from '../build-info.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ModelClient } from '../model/model-client.ts';
import { SessionStore } from '../sessions/session-store.ts';
import { AuditLog } from './audit-log.ts';
import { ConfirmationStore } from './confirmation-store.ts';
import type { CoreRegistries } from './core-registries.ts';
import { Engine } from './engine.ts';
import { EngineHooks } from './engine-hooks.ts';
import { origins } from './origins.ts';
import { PromptLibrary, readPromptFiles } from './prompt-library.ts';
import { SessionControls } from './session-controls.ts';
import { ToolCalls } from './tool-calls.ts';
import { ToolRunner } from './tool-runner.ts';
import { TurnInspector } from './turn-inspector.ts';
import { Turns } from './turns.ts';

/** Everything the conversation layer offers the rest of the app. */
export interface Conversation {
  engine: Engine;
  /** Turns with a typed outcome and the stale-session retry (Matrix, plugins). */
  turns: Turns;
  toolCalls: ToolCalls;
  users: UserStore;
  tokens: TokenStore;
  /** The admin UI's signed-in browsers. */
  browserSessions: BrowserSessions;
  /** One-time sign-in codes and links. */
  signInGrants: SignInGrants;
  sessions: SessionStore;
  controls: SessionControls;
  confirmations: ConfirmationStore;
  audit: AuditLog;
  inspector: TurnInspector;
  hooks: EngineHooks;
  prompts: PromptLibrary;
}

/** Loads prompts (failing boot on a missing core fragment), wires the engine, seeds users. */
export async function setupConversation(deps: {
  config: QuorraConfig;
  db: DataSource;
  logger: Logger;
  metrics: Metrics;
  model: ModelClient;
  registries: CoreRegistries;
  promptDir?: string;
}): Promise<Conversation> {
  const { config, db, logger, metrics, model, registries } = deps;
  const prompts = new PromptLibrary(
    readPromptFiles(deps.promptDir ?? path.join(rootDir, 'prompts')),
    registries.prompts,
  );
  prompts.file('base');
  prompts.file('personas/guest-concierge');
  prompts.file('personas/child');
  prompts.get('scope', 'general');
  for (const o of origins) prompts.get('origin', o);
  registries.modes.validator = (m) => void prompts.get('mode', `${m.scope}/${m.name}`);
  registries.modes.add({
    scope: 'general',
    name: 'research',
    description: 'explore a topic with active knowledge search',
  });
  registries.modes.add({
    scope: 'general',
    name: 'household-planning',
    description: 'plan a trip, event or project step by step',
  });

  const users = new UserStore(db);
  await users.seed(config.users as NewUser[]);
  const tokens = new TokenStore(db);
  const sessions = new SessionStore(db);
  const confirmations = new ConfirmationStore(db, config.engine.confirmationTtlMinutes * 60_000, metrics);
  const audit = new AuditLog(
    db,
    path.resolve(config.dataDir, 'audit.jsonl'),
    logger.child({ subsystem: 'audit' }),
  );
  const runner = new ToolRunner(
    registries.tools,
    audit,
    confirmations,
    logger.child({ subsystem: 'tools' }),
    metrics,
  );
  const inspector = new TurnInspector(config.engine.inspectorRecords, config.engine.inspectorRecordBytes);
  const hooks = new EngineHooks();
  const engine = new Engine({
    config,
    db,
    logger: logger.child({ subsystem: 'engine' }),
    metrics,
    model,
    registries,
    prompts,
    sessions,
    confirmations,
    runner,
    inspector,
    hooks,
    users,
  });
  const controls = new SessionControls(sessions, registries.modes);
  return {
    engine,
    turns: new Turns(engine),
    toolCalls: new ToolCalls(registries.tools, runner, users, hooks),
    users,
    tokens,
    browserSessions: new BrowserSessions(db, config.server.sessionIdleMinutes * 60_000),
    signInGrants: new SignInGrants(db),
    sessions,
    controls,
    confirmations,
    audit,
    inspector,
    hooks,
    prompts,
  };
}
