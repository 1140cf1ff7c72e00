// A property-management-system double over real HTTP: records guest replies sent to it and fails on demand.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request to POST /reservations/:id/messages, as received. */
export interface PmsRequest {
  reservationId: string;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
  body: any;
  status: number;
}

/** A message the PMS accepted (and would deliver to the guest). */
export interface PmsMessage {
  id: string;
  reservationId: string;
  text: string;
}

/**
 * The double: `failures` is a queue of statuses answered before succeeding again. Like a real messaging API it
 * honours `Idempotency-Key`: a repeated key answers the first message again and delivers nothing new.
 */
export class PmsServer {
  readonly requests: PmsRequest[] = [];
  readonly messages: PmsMessage[] = [];
  /** Statuses to answer next (e.g. [500, 429]); each is used once. */
  readonly failures: number[] = [];
  private readonly byKey = new Map<string, PmsMessage>();
  /** The next accepted message's answer waits on `go` (armed by holdNext, taken by that request). */
  private hold: { arrived: () => void; go: Promise<void> } | null = null;
  private reached: Promise<void> = Promise.resolve();
  private releaseHeld: () => void = () => undefined;
  private server!: Server;
  url = '';
  /** When set, a request without `Bearer <apiKey>` is answered 401 (a PMS refusing a wrong key). */
  apiKey: string | null = null;

  /** Starts listening on 127.0.0.1 on an ephemeral port. */
  static async start(): Promise<PmsServer> {
    const s = new PmsServer();
    s.server = createServer((req, res) => void s.handle(req, res));
    await new Promise<void>((r) => s.server.listen(0, '127.0.0.1', r));
    s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
    return s;
  }

  /** Answers the next requests with these statuses, in order. */
  failNext(...statuses: number[]): this {
    this.failures.push(...statuses);
    return this;
  }

  /** Holds the next accepted message's answer (after recording it) until `release()`: a slow PMS. */
  holdNext(): void {
    let arrived!: () => void;
    let release!: () => void;
    const reached = new Promise<void>((r) => {
      arrived = r;
    });
    const go = new Promise<void>((r) => {
      release = r;
    });
    this.hold = { arrived, go };
    this.reached = reached;
    this.releaseHeld = release;
  }

  /** Resolves once a held request has been recorded. */
  held(): Promise<void> {
    return this.reached;
  }

  /** Lets a held answer go. */
  release(): void {
    this.releaseHeld();
  }

  reset(): void {
    this.requests.length = 0;
    this.messages.length = 0;
    this.failures.length = 0;
    this.byKey.clear();
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (this.apiKey !== null && req.headers.authorization !== `Bearer ${this.apiKey}`)
      return json(401, { error: 'unknown api key' });
    // the connection check: one page of reservations, as a PMS lists them
    if (req.method === 'GET' && (req.url ?? '').split('?')[0] === '/reservations')
      return json(200, { reservations: [] });
    const m = /^\/reservations\/([^/]+)\/messages$/.exec((req.url ?? '').split('?')[0]);
    if (req.method !== 'POST' || !m) return json(404, { error: 'not found' });
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    const reservationId = decodeURIComponent(m[1]);
    const key = req.headers['idempotency-key'] as string | undefined;
    const seen = key ? this.byKey.get(key) : undefined;
    const failure = this.failures.shift();
    const status = failure ?? (seen ? 200 : typeof body?.text === 'string' && body.text ? 201 : 400);
    const authorization = req.headers.authorization;
    this.requests.push({ reservationId, authorization, idempotencyKey: key, body, status });
    if (status === 200 && seen) return json(200, { id: seen.id });
    if (status !== 201) return json(status, { error: `scripted ${status}` });
    const message = { id: `pms-msg-${this.messages.length + 1}`, reservationId, text: body.text };
    this.messages.push(message);
    if (key) this.byKey.set(key, message);
    const hold = this.hold;
    this.hold = null;
    if (hold) {
      hold.arrived();
      await hold.go;
    }
    json(201, { id: message.id });
  }
}
