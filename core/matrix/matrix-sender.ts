// Sends the bot's messages: idempotent transaction ids, retries with backoff (429s are waited out by the client), typing.
import { hash } from 'node:crypto';
import type { Logger } from '../logger.ts';
import type { Encryptor } from './crypto/encrypted-events.ts';
import { ClientHaltedError, type QuorraMatrixClient } from './matrix-client.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';

/** Raised when a message could not be delivered after every retry. */
export class SendFailedError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'SendFailedError';
  }
}

/** What a homeserver's (or the SDK's) error may carry; every field may be missing. */
interface HomeserverError {
  statusCode?: unknown;
  errcode?: string;
  error?: string;
  message?: string;
}

/** Whether an error is permanent (a 4xx other than 429): retrying cannot help. */
export function isPermanent(err: unknown): boolean {
  const status = (err as HomeserverError | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 429;
}

/** A transaction id derived from a stable key, so a retry (even after a restart) cannot post twice. */
export function txnIdFor(key: string): string {
  // the one-shot hash, not a Hash object per message (half the CPU hot; ≈ 30 µs per message in situ before)
  return `quorra-${hash('sha256', key, 'base64url').slice(0, 32)}`;
}

/** Delivers messages to rooms. */
export class MatrixSender {
  constructor(
    private readonly client: QuorraMatrixClient,
    private readonly metrics: MatrixMetrics,
    private readonly logger: Logger,
    private readonly policy: {
      retries: number;
      baseMs: number;
      typingRenewMs?: number;
      typingDelayMs?: number;
    },
    private readonly encrypt?: Encryptor,
  ) {}

  /** Sends an m.room.message (or another room event type, e.g. m.reaction); retries failures with backoff; throws SendFailedError (logged, counted) at the end. */
  async send(
    roomId: string,
    content: Record<string, unknown>,
    opts: { key: string; kind: string; type?: string },
  ): Promise<string> {
    let type = opts.type ?? 'm.room.message';
    let body = content;
    const encrypted = await this.encrypt?.(roomId, type, content);
    if (encrypted) ({ type, content: body } = encrypted);
    const path = `/_matrix/client/v3/rooms/${encodeURIComponent(roomId)}/send/${encodeURIComponent(type)}/${txnIdFor(opts.key)}`;
    let last: unknown;
    for (let attempt = 0; attempt <= this.policy.retries; attempt++) {
      try {
        const res = await this.client.doRequest('PUT', path, null, body);
        return res.event_id as string;
      } catch (err) {
        if (err instanceof ClientHaltedError) throw err;
        last = err;
        this.metrics.sendFailures.inc({ kind: opts.kind });
        if (isPermanent(err) || attempt === this.policy.retries) break;
        await new Promise((r) => setTimeout(r, this.policy.baseMs * 2 ** attempt));
      }
    }
    this.metrics.undelivered.inc({ kind: opts.kind });
    const reason = describeError(last);
    this.logger.error(
      { roomId, kind: opts.kind, err: reason },
      `could not deliver a ${opts.kind} to ${roomId}`,
    );
    throw new SendFailedError(`could not deliver to ${roomId}: ${reason}`, last);
  }

  /** Answers an event: the key is the answer's kind and the event's id, so handling the event again sends nothing new. */
  answer(roomId: string, content: Record<string, unknown>, eventId: string, kind: string): Promise<string> {
    return this.send(roomId, content, { key: `${kind}:${eventId}`, kind });
  }

  /**
   * Shows the typing notice until the returned stop() is called, renewing it before the server lets it lapse:
   * a turn that waits in the model's queue keeps showing that Quorra is on it. An answer ready within
   * `typingDelayMs` sends no notice at all: it would only flicker, and its two requests sat on the reply's path.
   */
  keepTyping(roomId: string, renewMs = this.policy.typingRenewMs ?? 20_000): () => Promise<void> {
    // one request at a time, in order: a renewal still in flight must never land after the "off"
    let last: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const start = setTimeout(() => {
      last = this.typing(roomId, true);
      timer = setInterval(() => {
        last = last?.then(() => this.typing(roomId, true));
      }, renewMs);
      timer.unref?.();
    }, this.policy.typingDelayMs ?? 0);
    start.unref?.();
    return async () => {
      clearTimeout(start);
      clearInterval(timer);
      if (!last) return;
      last = last.then(() => this.typing(roomId, false));
      await last;
    };
  }

  /** Shows or clears the typing notice; failures are logged, never thrown. */
  async typing(roomId: string, on: boolean): Promise<void> {
    try {
      await this.client.setTyping(roomId, on, 30_000);
    } catch (err) {
      this.logger.debug({ roomId, err: describeError(err) }, 'typing notice failed');
    }
  }
}

/** A one-line description of a request error. */
export function describeError(err: unknown): string {
  if (!err) return 'unknown error';
  const e = err as HomeserverError;
  if (e.errcode) return `${e.statusCode ?? ''} ${e.errcode}: ${e.error ?? ''}`.trim();
  if (typeof e.statusCode === 'number') return `HTTP ${e.statusCode}`;
  return e.message ?? String(err);
}
