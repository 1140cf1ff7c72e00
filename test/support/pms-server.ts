// A property-management-system double over real HTTP: records guest replies sent to it and fails on demand.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request to POST /reservations/:id/messages, as received. */
export interface PmsRequest {
  reservationId: string;
  authorization: string | undefined;
  body: any;
  status: number;
}

/** A message the PMS accepted (and would deliver to the guest). */
export interface PmsMessage {
  id: string;
  reservationId: string;
  text: string;
}

/** The double: `failures` is a queue of statuses answered before succeeding again. */
export class PmsServer {
  readonly requests: PmsRequest[] = [];
  readonly messages: PmsMessage[] = [];
  /** Statuses to answer next (e.g. [500, 429]); each is used once. */
  readonly failures: number[] = [];
  private server!: Server;
  url = '';

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

  reset(): void {
    this.requests.length = 0;
    this.messages.length = 0;
    this.failures.length = 0;
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
    const m = /^\/reservations\/([^/]+)\/messages$/.exec((req.url ?? '').split('?')[0]);
    if (req.method !== 'POST' || !m) return json(404, { error: 'not found' });
    let body: any;
    try {
      body = JSON.parse(raw);
    } catch {
      body = raw;
    }
    const reservationId = decodeURIComponent(m[1]);
    const failure = this.failures.shift();
    const status = failure ?? (typeof body?.text === 'string' && body.text ? 201 : 400);
    this.requests.push({ reservationId, authorization: req.headers.authorization, body, status });
    if (status !== 201) return json(status, { error: `scripted ${status}` });
    const message = { id: `pms-msg-${this.messages.length + 1}`, reservationId, text: body.text };
    this.messages.push(message);
    json(201, { id: message.id });
  }
}
