// A local HTTP file server with Range support that can cut a download short, for testing `quorra model pull`.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServedRequest {
  path: string;
  range?: string;
}

/** Serves `files` by path; `cutAfter` makes the next response stop (socket destroyed) after that many bytes. */
export class FileServer {
  readonly requests: ServedRequest[] = [];
  cutAfter?: number;
  /** Answer 200 with the whole file even when a Range is asked for. */
  ignoreRange = false;

  private constructor(
    private readonly server: Server,
    readonly files: Map<string, Buffer>,
  ) {}

  static async start(files: Record<string, Buffer>): Promise<FileServer> {
    const map = new Map(Object.entries(files));
    let self: FileServer | undefined;
    const server = createServer((req, res) => self?.handle(req, res));
    self = new FileServer(server, map);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return self;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private handle(req: IncomingMessage, res: import('node:http').ServerResponse): void {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    this.requests.push({ path, range: req.headers.range });
    const file = this.files.get(path);
    if (!file) {
      res.writeHead(404).end('not found');
      return;
    }
    let start = 0;
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    if (m && !this.ignoreRange) start = Number(m[1]);
    const body = file.subarray(start);
    res.writeHead(start ? 206 : 200, {
      'content-length': String(body.length),
      'accept-ranges': 'bytes',
      ...(start ? { 'content-range': `bytes ${start}-${file.length - 1}/${file.length}` } : {}),
    });
    const cut = this.cutAfter;
    this.cutAfter = undefined;
    if (cut !== undefined && cut < body.length) {
      res.write(body.subarray(0, cut), () => setTimeout(() => res.socket?.destroy(), 20));
      return;
    }
    res.end(body);
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((r) => this.server.close(() => r()));
  }
}
