// The PMS send-message API: POST <baseUrl>/reservations/:id/messages with a Bearer key and an Idempotency-Key, retried on 5xx, 429 and network errors.
import { fail } from 'quorra/plugin';

/** Where the PMS is and how hard to try. */
export interface PmsClientOptions {
  pms?: { baseUrl: string; apiKey: string };
  attempts: number;
  retryDelayMs: number;
  timeoutMs: number;
}

/** A delivered message: the PMS's id for it (when it returned one) and how many attempts it took. */
export interface PmsSent {
  id: string | null;
  attempts: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const retryable = (status: number) => status === 429 || status >= 500;

/** Sends guest replies through the PMS. */
export class PmsClient {
  constructor(private readonly opts: PmsClientOptions) {}

  /** Whether a PMS connection is set. */
  configured(): boolean {
    return !!this.opts.pms;
  }

  /** The PMS connection; throws PMS_NOT_CONFIGURED (unavailable) when there is none. */
  requireConfigured(): { baseUrl: string; apiKey: string } {
    if (this.opts.pms) return this.opts.pms;
    throw fail.unavailable(
      'PMS_NOT_CONFIGURED',
      'the PMS is not configured (plugins.concierge.settings.pms.baseUrl and apiKey); nothing was sent',
    );
  }

  /**
   * Sends `text` to the guest of PMS reservation `reservationId`; every attempt carries the same `Idempotency-Key`,
   * so a retried or repeated send of one reply is delivered once. Throws PMS_NOT_CONFIGURED or PMS_SEND_FAILED.
   */
  async send(reservationId: string, text: string, idempotencyKey: string): Promise<PmsSent> {
    const pms = this.requireConfigured();
    const url = `${pms.baseUrl.replace(/\/+$/, '')}/reservations/${encodeURIComponent(reservationId)}/messages`;
    let last = '';
    for (let attempt = 1; attempt <= this.opts.attempts; attempt++) {
      if (attempt > 1) await sleep(this.opts.retryDelayMs * 2 ** (attempt - 2));
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${pms.apiKey}`,
            'content-type': 'application/json',
            'idempotency-key': idempotencyKey,
          },
          body: JSON.stringify({ text }),
          signal: AbortSignal.timeout(this.opts.timeoutMs),
        });
      } catch (err) {
        last = `the PMS is unreachable: ${(err as Error).message}`;
        continue;
      }
      const raw = await res.text().catch(() => '');
      if (res.ok) {
        let id: string | null = null;
        try {
          const parsed = JSON.parse(raw) as { id?: unknown };
          if (parsed?.id !== undefined && parsed.id !== null) id = String(parsed.id);
        } catch {
          // a 2xx without a JSON id still means delivered
        }
        return { id, attempts: attempt };
      }
      last = `the PMS answered ${res.status}${raw ? `: ${raw.slice(0, 200)}` : ''}`;
      if (!retryable(res.status)) break;
    }
    throw fail.upstream('PMS_SEND_FAILED', `not sent — ${last}`);
  }
}
