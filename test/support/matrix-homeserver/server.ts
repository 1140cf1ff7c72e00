// The HTTP side of the homeserver double: parses requests, authenticates, records, injects faults and dispatches routes.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { MatrixApiError, matrixErrors } from './errors.ts';
import type { Faults, RequestInfo } from './faults.ts';
import { findRoute, type Route } from './router.ts';
import type { HomeserverState } from './state.ts';
import type { Session } from './users.ts';

/** A request the server received, as the test reads it back (the access token is never recorded). */
export interface RecordedRequest extends RequestInfo {
  status?: number;
  errcode?: string;
}

/** A request no route answered. */
export interface UnhandledRequest {
  method: string;
  path: string;
}

/** Listens on 127.0.0.1, answers the Client-Server API from the routes, and records what it saw. */
export class HomeserverHttp {
  readonly requests: RecordedRequest[] = [];
  readonly unhandled: UnhandledRequest[] = [];
  /** Errors thrown by handlers that were not Matrix errors (each answered 500). */
  readonly crashes: Error[] = [];
  private server: Server;
  private sockets = new Set<Socket>();
  private inflight = new Set<Promise<void>>();
  private aborts = new Set<AbortController>();

  constructor(
    private state: HomeserverState,
    private routes: Route[],
    private faults: Faults,
  ) {
    this.server = createServer((req, res) => {
      const done = this.handle(req, res).finally(() => this.inflight.delete(done));
      this.inflight.add(done);
    });
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Starts listening on an ephemeral port and returns the base URL. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Ends pending long-polls (they answer), then closes every socket and the server. */
  async close(): Promise<void> {
    this.state.stream.close();
    await Promise.allSettled([...this.inflight]);
    for (const a of this.aborts) a.abort();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    const token = bearer(req) ?? query.access_token;
    delete query.access_token;
    const record: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query,
      body: undefined,
    };
    this.requests.push(record);
    const abort = new AbortController();
    this.aborts.add(abort);
    res.on('close', () => {
      abort.abort();
      this.aborts.delete(abort);
    });
    try {
      if (this.state.media.matches(record.path)) {
        // media bodies are raw bytes, not JSON: the repository reads and answers them itself
        record.userId = token ? this.state.users.session(token)?.userId : undefined;
        record.status = await this.state.media.handle(req, res, record.path, !!record.userId);
        return;
      }
      record.body = await readJson(req);
      const found = findRoute(this.routes, record.method, record.path);
      if (!found.route) {
        this.unhandled.push({ method: record.method, path: record.path });
        const err = matrixErrors.unrecognized(record.method, record.path);
        throw found.methodMismatch ? new MatrixApiError(405, err.errcode, err.message) : err;
      }
      const session = this.authenticate(token, found.route.auth);
      record.userId = session?.userId;
      const fault = this.faults.take(record);
      if (fault) throw fault;
      const body = await found.route.handle({
        req: record,
        session: session as Session,
        params: found.params,
        hs: this.state,
        signal: abort.signal,
      });
      send(res, record, 200, body ?? {});
    } catch (e) {
      if (e instanceof MatrixApiError) return send(res, record, e.status, e.body(), e);
      this.crashes.push(e as Error);
      send(res, record, 500, { errcode: 'M_UNKNOWN', error: String((e as Error)?.message ?? e) });
    }
  }

  private authenticate(token: string | undefined, required: boolean): Session | undefined {
    if (!token) {
      if (required) throw matrixErrors.missingToken();
      return undefined;
    }
    const session = this.state.users.session(token);
    if (!session && required) throw matrixErrors.unknownToken();
    return session;
  }
}

function bearer(req: IncomingMessage): string | undefined {
  const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
  return m?.[1];
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (!raw.trim()) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw matrixErrors.notJson();
  }
}

function send(
  res: ServerResponse,
  record: RecordedRequest,
  status: number,
  body: unknown,
  err?: MatrixApiError,
) {
  record.status = status;
  record.errcode = err?.errcode;
  if (res.destroyed || res.headersSent) return;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const retryAfterMs = err?.extra.retry_after_ms;
  if (typeof retryAfterMs === 'number') headers['retry-after'] = String(Math.ceil(retryAfterMs / 1000));
  res.writeHead(status, headers);
  res.end(JSON.stringify(body));
}
