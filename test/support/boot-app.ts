// Boots the whole app on an ephemeral port against a temp data dir (and the scripted model, if given).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createQuorra, type Quorra } from '../../core/app.ts';
import { deepMerge, loadConfig } from '../../core/config/load-config.ts';
import type { Logger } from '../../core/logger.ts';
import type { ScriptedModelServer } from './model-server.ts';
import { testDatabaseUrl } from './test-database.ts';

/** The bearer token every test app accepts on /metrics (as Prometheus would present it). */
export const TEST_METRICS_TOKEN = 'test-metrics-token-0123456789';
export const metricsHeaders = { authorization: `Bearer ${TEST_METRICS_TOKEN}` };

export interface BootedApp {
  quorra: Quorra;
  url: string;
  dataDir: string;
  /** Stops the app; keeps the data dir unless `clean` (so a test can boot again on it). */
  stop(opts?: { clean?: boolean }): Promise<void>;
}

export interface BootOptions {
  model?: ScriptedModelServer;
  dataDir?: string;
  config?: Record<string, unknown>;
  pluginRoots?: string[];
  listen?: boolean;
  /** A logger to use instead of the silent default (e.g. one writing to a capture stream). */
  logger?: Logger;
  /** false: leave Matrix unconnected (the test calls quorra.connectMatrix() itself). */
  connectMatrix?: boolean;
}

/** The PostgreSQL schema each test data dir was given, when the suites run on PostgreSQL. */
const databaseUrls = new Map<string, string>();

/**
 * The PostgreSQL database (a schema) that goes with a data dir when the suites run on PostgreSQL, undefined on
 * SQLite. A second boot on the same data dir (restart tests), or a CLI command given that dir, reuses it, as it
 * would reuse the SQLite file.
 */
export async function databaseUrlFor(dataDir: string): Promise<string | undefined> {
  const url = databaseUrls.get(dataDir) ?? (await testDatabaseUrl());
  if (url) databaseUrls.set(dataDir, url);
  return url;
}

/** A fresh temp directory, removed by the caller (or by stop({clean:true})). */
export function tempDir(prefix = 'quorra-test-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

/** Boots Quorra with silent logs on 127.0.0.1:0. */
export async function bootApp(opts: BootOptions = {}): Promise<BootedApp> {
  const dataDir = opts.dataDir ?? tempDir();
  const base: Record<string, unknown> = {
    dataDir,
    server: { host: '127.0.0.1', port: 0, metrics: { token: TEST_METRICS_TOKEN } },
    log: { level: process.env.QUORRA_TEST_LOG ?? 'silent' },
    model: opts.model
      ? {
          baseUrl: opts.model.url,
          chatModel: 'test-chat',
          embeddingModel: 'test-embed',
          maxRetries: 0,
          timeoutMs: 5000,
        }
      : { baseUrl: 'http://127.0.0.1:9/v1', maxRetries: 0 },
  };
  const url = await databaseUrlFor(dataDir);
  if (url) base.database = { url };
  const config = loadConfig({ env: {}, cwd: dataDir, overrides: deepMerge(base, opts.config ?? {}) });
  const quorra = await createQuorra(config, {
    ...(opts.pluginRoots ? { pluginRoots: opts.pluginRoots } : {}),
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  const server = opts.listen === false ? undefined : await quorra.listen();
  // as `quorra serve` does, but a test talks to the bot only once its first connection attempt is over
  if (opts.connectMatrix !== false) await quorra.connectMatrix();
  return {
    quorra,
    url: server?.url ?? '',
    dataDir,
    async stop({ clean = false } = {}) {
      await quorra.stop();
      if (clean) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
