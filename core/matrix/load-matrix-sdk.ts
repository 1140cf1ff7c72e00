// The one module through which Quorra loads matrix-bot-sdk; without the native crypto library the SDK loads with E2EE off.
import { existsSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import type * as BotSdk from 'matrix-bot-sdk';
import sanitizeHtml from 'sanitize-html';
import { rootDir } from '../build-info.ts';

/** The matrix-bot-sdk module namespace. */
export type MatrixBotSdk = typeof BotSdk;

/** The loaded SDK and whether E2EE is available (with the reason when not; then build MatrixClient without a crypto store). */
export interface LoadedMatrixSdk {
  sdk: MatrixBotSdk;
  e2ee: boolean;
  e2eeReason?: string;
}

const cryptoPackage = '@matrix-org/matrix-sdk-crypto-nodejs';
// The SDK's index loads parts Quorra never uses, and what only they require: its appservice framework (express,
// morgan: a fifth of a second of start-up for an HTTP server a bot never runs) and its file-backed storage
// providers (lowdb, with the whole of lodash: ≈ 4 MB of idle heap). Quorra stores in its own database.
const unusedBySdkParts: Record<string, string> = {
  express: 'Quorra runs no Matrix appservice',
  morgan: 'Quorra runs no Matrix appservice',
  lowdb: "Quorra keeps Matrix state in its own database, not the SDK's file stores",
  'lowdb/adapters/FileSync': "Quorra keeps Matrix state in its own database, not the SDK's file stores",
};
let loaded: LoadedMatrixSdk | undefined;

/** Loads matrix-bot-sdk once (later calls return the same result), stubbing the crypto module when it cannot load. */
export function loadMatrixSdk(): LoadedMatrixSdk {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  // Resolve the crypto package from matrix-bot-sdk's own location: that is the copy it will require.
  const sdkRequire = createRequire(require.resolve('matrix-bot-sdk'));
  let e2eeReason: string | undefined;
  try {
    sdkRequire(cryptoPackage);
  } catch (e) {
    e2eeReason = `${cryptoPackage} could not be loaded (${firstLine(e)})`;
    stubModule(require, sdkRequire.resolve(cryptoPackage));
  }
  // a function, not an arrow: the SDK calls some of these with `new`
  for (const [name, why] of Object.entries(unusedBySdkParts))
    stubModule(require, sdkRequire.resolve(name), function unloaded() {
      throw new Error(`${name} is not loaded: ${why}`);
    });
  // the SDK sanitises with the copy Quorra's replies already loaded: compiled, both are bundled, and its own would
  // be a second one to evaluate
  stubModule(require, sdkRequire.resolve('sanitize-html'), sanitizeHtml);
  // the compiled build bundles the SDK into one file (tools/build-dist.ts): ≈ 370 files fewer to load
  const bundled = path.join(rootDir, 'vendor/matrix-bot-sdk.cjs');
  const sdk = require(existsSync(bundled) ? bundled : 'matrix-bot-sdk') as MatrixBotSdk;
  loaded = e2eeReason === undefined ? { sdk, e2ee: true } : { sdk, e2ee: false, e2eeReason };
  return loaded;
}

function stubModule(require: NodeJS.Require, path: string, exports: unknown = {}): void {
  if (require.cache[path]) return;
  const stub = new Module(path);
  stub.filename = path;
  stub.exports = exports;
  stub.loaded = true;
  require.cache[path] = stub;
}

function firstLine(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return message.split('\n')[0];
}
