// One GET over node:http(s) for the /sync long-poll: abortable, and about half the CPU of fetch() per request, paid twice per message.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

/** A finished response: status, headers and the body as text. */
export interface LongPollResponse {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** GETs a URL; rejects with the signal's reason when it aborts (also mid-body). */
export function longPollGet(
  url: URL,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<LongPollResponse> {
  const get = url.protocol === 'https:' ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = get(url, { headers, signal }, (res) => {
      readBody(res).then(
        (text) => resolve({ status: res.statusCode ?? 0, headers: flatHeaders(res), text }),
        reject,
      );
    });
    req.on('error', (err) => reject(signal.aborted ? (signal.reason ?? err) : err));
  });
}

async function readBody(res: IncomingMessage): Promise<string> {
  const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
  const decoded =
    encoding === 'gzip'
      ? res.pipe(zlib.createGunzip())
      : encoding === 'deflate'
        ? res.pipe(zlib.createInflate())
        : encoding === 'br'
          ? res.pipe(zlib.createBrotliDecompress())
          : res;
  if (decoded !== res) res.on('error', (err) => decoded.destroy(err));
  const chunks: Buffer[] = [];
  for await (const chunk of decoded) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function flatHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = String(v);
  return out;
}
