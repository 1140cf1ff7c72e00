// Helpers for tests that drive the homeserver double with real SDKs: quiet logs, a synced matrix-js-sdk member, polling.

import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ClientEvent,
  createClient,
  type MatrixClient,
  type MatrixEvent,
  RoomEvent,
  SyncState,
} from 'matrix-js-sdk';
import { logger as jsSdkLogger } from 'matrix-js-sdk/lib/logger.js';
import { loadMatrixSdk } from '../../../core/matrix/load-matrix-sdk.ts';
import type { RegisteredUser } from './index.ts';

/** Silences matrix-js-sdk (root and every child logger created afterwards) and matrix-bot-sdk below ERROR. */
export function silenceMatrixSdkLogs(): void {
  const root = jsSdkLogger as unknown as { methodFactory: unknown; setLevel(level: string): void };
  root.methodFactory = () => () => undefined;
  root.setLevel('silent');
  const { sdk } = loadMatrixSdk();
  sdk.LogService.setLevel(sdk.LogLevel.ERROR);
  sdk.LogService.setLogger({ trace() {}, debug() {}, info() {}, warn() {}, error() {} });
}

/** Starts a matrix-js-sdk client for a registered user and resolves once its first sync is PREPARED. */
export async function startMemberClient(
  baseUrl: string,
  user: Pick<RegisteredUser, 'userId' | 'accessToken' | 'deviceId'>,
  initialSyncLimit = 20,
  opts: { crypto?: boolean } = {},
): Promise<MatrixClient> {
  const client = createClient({
    baseUrl,
    accessToken: user.accessToken,
    userId: user.userId,
    deviceId: user.deviceId,
  });
  // Element's crypto: the Rust (WASM) engine, kept in memory
  if (opts.crypto) {
    await client.initRustCrypto({ useIndexedDB: false });
    await quietRustCrypto();
  }
  const prepared = new Promise<void>((resolve, reject) => {
    const onSync = (state: SyncState) => {
      if (state === SyncState.Prepared) {
        client.off(ClientEvent.Sync, onSync);
        resolve();
      } else if (state === SyncState.Error) reject(new Error('matrix-js-sdk sync failed'));
    };
    client.on(ClientEvent.Sync, onSync);
  });
  await client.startClient({ initialSyncLimit });
  await prepared;
  return client;
}

/** Resolves with the next live timeline event (from any room) the client receives that matches. */
export function nextTimelineEvent(
  client: MatrixClient,
  match: (ev: MatrixEvent) => boolean,
): Promise<MatrixEvent> {
  return new Promise((resolve) => {
    const onTimeline = (ev: MatrixEvent, _room: unknown, toStartOfTimeline?: boolean) => {
      if (toStartOfTimeline || ev.status !== null || !match(ev)) return;
      client.off(RoomEvent.Timeline, onTimeline);
      resolve(ev);
    };
    client.on(RoomEvent.Timeline, onTimeline);
  });
}

/** Polls until the check returns a truthy value (or throws after timeoutMs) and returns that value. */
export async function waitUntil<T>(
  check: () => T | Promise<T>,
  timeoutMs = 10000,
  what = 'condition',
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** js-sdk turns the Rust crypto's tracing on at debug level, printed to the console; keep it to errors. */
async function quietRustCrypto(): Promise<void> {
  // the copy of the WASM module js-sdk itself imported (its own dependency), so the setting reaches its instance
  const jsSdkDir = path.dirname(createRequire(import.meta.url).resolve('matrix-js-sdk/package.json'));
  const entry = path.join(jsSdkDir, 'node_modules/@matrix-org/matrix-sdk-crypto-wasm/node.mjs');
  const wasm = await import(pathToFileURL(entry).href);
  const tracing = new wasm.Tracing(wasm.LoggerLevel.Error);
  tracing.minLevel = wasm.LoggerLevel.Error;
  tracing.turnOff();
}
