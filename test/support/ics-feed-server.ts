// A local calendar-feed server for subscription tests: ETag and Last-Modified with 304s, any content type, feeds that
// change, vanish, or stream far more than any calendar (chunked, no length, so only the reader's cap stops it).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What one path serves. */
export interface Feed {
  body: string;
  type?: string;
  etag?: string;
  lastModified?: string;
  /** Answer this status instead (e.g. 404 once the feed is gone). */
  status?: number;
  /** Stream this many bytes of filler instead of the body. */
  streamBytes?: number;
}

/** A request as the server saw it. */
export interface FeedRequest {
  path: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
  status: number;
}

export class IcsFeedServer {
  readonly requests: FeedRequest[] = [];
  readonly feeds = new Map<string, Feed>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<IcsFeedServer> {
    let self: IcsFeedServer | undefined;
    const server = createServer((req, res) => self?.handle(req, res));
    self = new IcsFeedServer(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return self;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const feed = this.feeds.get(path);
    const seen = (status: number) =>
      this.requests.push({
        path,
        status,
        ...(req.headers['if-none-match'] ? { ifNoneMatch: String(req.headers['if-none-match']) } : {}),
        ...(req.headers['if-modified-since']
          ? { ifModifiedSince: String(req.headers['if-modified-since']) }
          : {}),
      });
    if (!feed || feed.status) {
      seen(feed?.status ?? 404);
      res.writeHead(feed?.status ?? 404, { 'content-type': 'text/plain' }).end('nope');
      return;
    }
    const fresh =
      (feed.etag && req.headers['if-none-match'] === feed.etag) ||
      (!feed.etag && feed.lastModified && req.headers['if-modified-since'] === feed.lastModified);
    const headers = {
      'content-type': feed.type ?? 'text/calendar; charset=utf-8',
      ...(feed.etag ? { etag: feed.etag } : {}),
      ...(feed.lastModified ? { 'last-modified': feed.lastModified } : {}),
    };
    if (fresh) {
      seen(304);
      res.writeHead(304, headers).end();
      return;
    }
    seen(200);
    if (feed.streamBytes) {
      res.writeHead(200, headers);
      const chunk = Buffer.alloc(64 * 1024, 'A');
      let sent = 0;
      const pump = () => {
        while (sent < (feed.streamBytes as number)) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => {
        sent = Number.POSITIVE_INFINITY;
      });
      res.write('BEGIN:VCALENDAR\r\n');
      pump();
      return;
    }
    res.writeHead(200, headers).end(feed.body);
  }
}
