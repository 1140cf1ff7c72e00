// The bot's MatrixClient: honours 429 retry_after_ms on every request, and hands each sync emission to Quorra first.
import type { ICryptoStorageProvider, IStorageProvider, MatrixClient } from 'matrix-bot-sdk';
import type { MatrixBotSdk } from './load-matrix-sdk.ts';
import { endpointLabel } from './matrix-metrics.ts';

/** What the runtime plugs into the client. */
export interface ClientHooks {
  /** A 429 is being waited out before the request is sent again. */
  onRateLimited?(endpoint: string, waitMs: number): void;
  /** A /sync request finished (ok) or failed. */
  onSync?(ok: boolean, err?: unknown): void;
  /** Awaited for every event a sync emits, before the SDK's listeners; false suppresses the emit, throwing aborts the batch. */
  beforeEmit?(name: string, args: any[]): Promise<boolean>;
}

/** Limits on waiting out rate limits. */
export interface RateLimitPolicy {
  /** How many 429s in a row one request may wait out before it fails (default 8). */
  maxRetries?: number;
  /** The longest single wait, in ms (default 60 s). */
  maxWaitMs?: number;
  /** Used when the server gives no retry_after_ms (default 1 s). */
  defaultWaitMs?: number;
}

/** A client as the runtime uses it: the SDK's MatrixClient plus a way to stop waiting. */
export type QuorraMatrixClient = MatrixClient & { halt(): void };

/** The wait a rate-limited error asks for (ms), or undefined when the error is not a 429. */
export function rateLimitWait(err: any, defaultWaitMs = 1000): number | undefined {
  if (!err || (err.statusCode !== 429 && err.errcode !== 'M_LIMIT_EXCEEDED')) return undefined;
  const fromBody = err.retryAfterMs ?? err.body?.retry_after_ms;
  if (typeof fromBody === 'number' && fromBody >= 0) return fromBody;
  const header = Number(err.headers?.['retry-after']);
  if (Number.isFinite(header) && header >= 0) return header * 1000;
  return defaultWaitMs;
}

/** Builds the rate-limit-honouring client on the loaded SDK (the class is made per SDK instance). */
export function createMatrixClient(
  sdk: MatrixBotSdk,
  opts: {
    homeserverUrl: string;
    accessToken: string;
    storage?: IStorageProvider;
    cryptoStore?: ICryptoStorageProvider;
    hooks?: ClientHooks;
    rateLimit?: RateLimitPolicy;
  },
): QuorraMatrixClient {
  const hooks = opts.hooks ?? {};
  const maxRetries = opts.rateLimit?.maxRetries ?? 8;
  const maxWaitMs = opts.rateLimit?.maxWaitMs ?? 60_000;
  const defaultWaitMs = opts.rateLimit?.defaultWaitMs ?? 1000;

  class RateLimitedClient extends sdk.MatrixClient {
    private halted = false;
    private readonly waits = new Set<() => void>();

    constructor() {
      super(opts.homeserverUrl, opts.accessToken, opts.storage, opts.cryptoStore as any);
      // the token is stored only once Quorra has taken the batch in (see beforeEmit)
      this.persistTokenAfterSync = true;
    }

    /** Stops retrying and ends any wait in progress (used on shutdown). */
    halt(): void {
      this.halted = true;
      for (const wake of this.waits) wake();
    }

    private sleep(ms: number): Promise<void> {
      return new Promise((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waits.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, ms);
        this.waits.add(wake);
      });
    }

    override async doRequest(
      method: any,
      endpoint: any,
      qs?: any,
      body?: any,
      timeout?: number,
      raw?: boolean,
      contentType?: string,
      noEncoding?: boolean,
    ): Promise<any> {
      const isSync = typeof endpoint === 'string' && endpoint.endsWith('/sync');
      for (let attempt = 0; ; attempt++) {
        try {
          const res = await super.doRequest(
            method,
            endpoint,
            qs,
            body,
            timeout,
            raw,
            contentType,
            noEncoding,
          );
          if (isSync) hooks.onSync?.(true);
          return res;
        } catch (err) {
          const wait = rateLimitWait(err, defaultWaitMs);
          if (wait === undefined || attempt >= maxRetries || this.halted) {
            if (isSync) hooks.onSync?.(false, err);
            throw err;
          }
          hooks.onRateLimited?.(endpointLabel(String(endpoint)), wait);
          await this.sleep(Math.min(wait, maxWaitMs));
          if (this.halted) throw err;
        }
      }
    }

    protected override startSyncInternal(): Promise<any> {
      return this.startSync(async (name: string, ...args: any[]) => {
        if (hooks.beforeEmit && !(await hooks.beforeEmit(name, args))) return;
        this.emit(name, ...args);
      });
    }
  }

  return new RateLimitedClient();
}
