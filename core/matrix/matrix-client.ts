// The bot's MatrixClient: honours 429 retry_after_ms per call, long-polls /sync abortably, and hands each sync emission to Quorra first.
import type { ICryptoStorageProvider, IStorageProvider, MatrixClient } from 'matrix-bot-sdk';
import type { MatrixBotSdk } from './load-matrix-sdk.ts';
import { type LongPollResponse, longPollGet, pollTarget } from './long-poll.ts';
import { endpointLabel } from './matrix-metrics.ts';

/** What the runtime plugs into the client. */
export interface ClientHooks {
  /** A 429 is being waited out before the request is sent again. */
  onRateLimited?(endpoint: string, waitMs: number): void;
  /** A /sync request finished (ok, with its response, awaited before the SDK sees it) or failed. */
  onSync?(ok: boolean, err?: unknown, response?: Record<string, any>): void | Promise<void>;
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

/** Thrown by a request cut short because the client was halted (shutdown): the work it served is not finished. */
export class ClientHaltedError extends Error {
  constructor() {
    super('the Matrix client is shutting down');
    this.name = 'ClientHaltedError';
  }
}

// typing notices are best-effort: a 429 on one must not hold the room's queue for the wait
const bestEffort = (endpoint: string) => /\/typing\//.test(endpoint);

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
  const homeserver = new URL(opts.homeserverUrl);

  class RateLimitedClient extends sdk.MatrixClient {
    private halted = false;
    private readonly waits = new Set<() => void>();
    private readonly aborter = new AbortController();

    constructor() {
      super(opts.homeserverUrl, opts.accessToken, opts.storage, opts.cryptoStore as any);
      // the token is stored only once Quorra has taken the batch in (see beforeEmit)
      this.persistTokenAfterSync = true;
    }

    /** Shutdown: ends the long-poll and every rate-limit wait now (those calls throw ClientHaltedError); other calls still run. */
    halt(): void {
      this.halted = true;
      this.aborter.abort();
      for (const wake of this.waits) wake();
    }

    /** /sync over node:http, so that halting ends the long-poll at once instead of holding the process for its timeout. */
    private async fetchSync(endpoint: string, qs: Record<string, unknown>, timeout: number): Promise<any> {
      let res: LongPollResponse;
      try {
        res = await longPollGet(
          pollTarget(homeserver, endpoint, qs ?? {}),
          { authorization: `Bearer ${this.accessToken}` },
          this.aborter.signal,
          timeout,
        );
      } catch (err) {
        if (this.halted) throw new ClientHaltedError();
        throw err;
      }
      let body: any;
      try {
        body = res.text ? JSON.parse(res.text) : {};
      } catch {
        body = { errcode: 'M_UNKNOWN', error: res.text.slice(0, 200) };
      }
      if (res.status < 200 || res.status >= 300)
        throw Object.assign(new sdk.MatrixError(body, res.status), { headers: res.headers });
      return body;
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
      const path = String(endpoint);
      const isSync = method === 'GET' && path.endsWith('/sync');
      for (let attempt = 0; ; attempt++) {
        if (this.halted && isSync) throw new ClientHaltedError();
        try {
          const res = isSync
            ? await this.fetchSync(path, qs, timeout ?? 40_000)
            : await super.doRequest(method, endpoint, qs, body, timeout, raw, contentType, noEncoding);
          if (isSync) await hooks.onSync?.(true, undefined, res);
          return res;
        } catch (err) {
          const wait = rateLimitWait(err, defaultWaitMs);
          if (wait === undefined || attempt >= maxRetries || bestEffort(path) || this.halted) {
            if (isSync) await hooks.onSync?.(false, err);
            throw this.halted && wait !== undefined ? new ClientHaltedError() : err;
          }
          // only this call waits: the sync loop and other rooms' work carry on meanwhile
          hooks.onRateLimited?.(endpointLabel(path), wait);
          await this.sleep(Math.min(wait, maxWaitMs));
          if (this.halted) throw new ClientHaltedError();
        }
      }
    }

    /**
     * Media through the authenticated endpoint (Matrix 1.11), as matrix-bot-sdk 0.8 does; 0.7 (the newest that
     * declares Node 20) asks /_matrix/media/v3, where Synapse no longer serves media uploaded since 1.120.
     */
    override async downloadContent(
      mxcUrl: string,
      allowRemote = true,
    ): Promise<{ data: Buffer; contentType: string }> {
      const m = /^mxc:\/\/([^/]+)\/([^/?#]+)/i.exec(mxcUrl);
      if (!m) throw new Error("'mxcUrl' does not begin with mxc://");
      const path = `/_matrix/client/v1/media/download/${encodeURIComponent(m[1])}/${encodeURIComponent(m[2])}`;
      const res = await this.doRequest(
        'GET',
        path,
        { allow_remote: allowRemote },
        null,
        undefined,
        true,
        undefined,
        true,
      );
      return { data: res.body, contentType: res.headers['content-type'] };
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
