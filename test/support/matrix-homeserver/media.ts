// The media repository of the homeserver double: upload (v3) and authenticated download (client v1 only), raw bytes.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { matrixErrors } from './errors.ts';

const upload = /^\/_matrix\/media\/(?:v3|r0)\/upload\/?$/;
const download = /^\/_matrix\/client\/v1\/media\/download\/([^/]+)\/([^/]+)(?:\/[^/]*)?$/;
// Synapse with authenticated media (its default since 1.120) no longer serves new media here: 404, as it answers
const legacyDownload = /^\/_matrix\/media\/(?:v3|r0)\/download\//;

interface Stored {
  data: Buffer;
  contentType: string;
}

/** Holds uploaded content by media id; answers the media endpoints with raw bodies, as real servers do. */
export class MediaRepo {
  private readonly items = new Map<string, Stored>();

  constructor(private readonly serverName: string) {}

  /** True for a path this repository answers (the JSON router never sees it). */
  matches(path: string): boolean {
    return upload.test(path) || download.test(path) || legacyDownload.test(path);
  }

  /** Stores content directly (a test seeding media) and returns its mxc URI. */
  put(data: Buffer, contentType: string): string {
    const id = randomBytes(12).toString('hex');
    this.items.set(id, { data, contentType });
    return `mxc://${this.serverName}/${id}`;
  }

  /** Answers one media request; `authed` says whether it carried a valid access token. Returns the status sent. */
  async handle(req: IncomingMessage, res: ServerResponse, path: string, authed: boolean): Promise<number> {
    if (!authed) return sendJson(res, 401, matrixErrors.missingToken().body());
    if (upload.test(path) && req.method === 'POST') {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const uri = this.put(Buffer.concat(chunks), req.headers['content-type'] ?? 'application/octet-stream');
      return sendJson(res, 200, { content_uri: uri });
    }
    if (legacyDownload.test(path)) return sendJson(res, 404, { errcode: 'M_NOT_FOUND', error: 'Not found' });
    const m = download.exec(path);
    if (m && req.method === 'GET') {
      const item = m[1] === this.serverName ? this.items.get(m[2]) : undefined;
      if (!item) return sendJson(res, 404, { errcode: 'M_NOT_FOUND', error: 'no such media' });
      res.writeHead(200, { 'content-type': item.contentType, 'content-length': String(item.data.length) });
      res.end(item.data);
      return 200;
    }
    return sendJson(res, 405, { errcode: 'M_UNRECOGNIZED', error: 'unsupported media method' });
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): number {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
  return status;
}
