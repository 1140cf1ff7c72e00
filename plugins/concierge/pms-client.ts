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
   * One read that needs the key (`GET <baseUrl>/reservations?limit=1`): the admin form's Test connection. Answers in
   * Quorra's words by status; nothing the PMS wrote goes into the message.
   */
  async probe(): Promise<{ ok: boolean; message: string }> {
    const pms = this.requireConfigured();
    let res: Response;
    try {
      res = await fetch(`${pms.baseUrl.replace(/\/+$/, '')}/reservations?limit=1`, {
        headers: { authorization: `Bearer ${pms.apiKey}`, accept: 'application/json' },
        signal: AbortSignal.timeout(this.opts.timeoutMs),
      });
      await res.body?.cancel();
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError';
      return {
        ok: false,
        message: timedOut ? 'the PMS did not answer in time.' : 'nothing answered at that address.',
      };
    }
    if (res.ok) return { ok: true, message: `the PMS accepted the key (it answered ${res.status}).` };
    if (res.status === 401 || res.status === 403)
      return { ok: false, message: `the PMS refused the API key (it answered ${res.status}).` };
    if (res.status === 404)
      return { ok: false, message: 'the PMS has no reservations there (404): check the address.' };
    return { ok: false, message: `the PMS answered with an error (${res.status}); try again later.` };
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
