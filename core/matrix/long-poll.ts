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

/** Thrown when the whole request took longer than its timeout. */
export class LongPollTimeoutError extends Error {
  constructor(ms: number) {
    super(`the request took longer than ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** Where a GET goes, as node:http takes it without parsing a URL (the path carries the query). */
export interface PollTarget {
  protocol: string;
  hostname: string;
  port: string;
  path: string;
}

/**
 * The target for a path and query on a server's base URL: the base is parsed once by the caller, and the path is
 * joined as text, not through a URL and its searchParams (≈ 100 µs of CPU per /sync in the bench's profile).
 */
export function pollTarget(base: URL, path: string, query: Record<string, unknown> = {}): PollTarget {
  let qs = '';
  for (const [k, v] of Object.entries(query))
    if (v !== undefined) qs += `${qs ? '&' : '?'}${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`;
  const prefix = base.pathname.replace(/\/$/, '');
  // an IPv6 literal without its brackets, as node:http wants it (and url.urlToHttpOptions gives it)
  const hostname = base.hostname.replace(/^\[(.*)\]$/, '$1');
  return { protocol: base.protocol, hostname, port: base.port, path: prefix + path + qs };
}

/**
 * GETs a target; rejects with the signal's reason when it aborts (also mid-body), or a LongPollTimeoutError after
 * `timeoutMs`. One timer and one abort listener per request, not a timeout signal combined with the caller's
 * (AbortSignal.any), which cost about as much CPU again as the request itself.
 */
export function longPollGet(
  target: PollTarget,
  headers: Record<string, string>,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<LongPollResponse> {
  const get = target.protocol === 'https:' ? https.get : http.get;
  const { hostname, port, path } = target;
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    let timedOut: LongPollTimeoutError | undefined;
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    };
    const req = get({ hostname, port, path, headers }, (res) => {
      readBody(res).then(
        (text) => {
          done();
          resolve({ status: res.statusCode ?? 0, headers: flatHeaders(res), text });
        },
        (err) => {
          done();
          reject(signal.aborted ? signal.reason : (timedOut ?? err));
        },
      );
    });
    // one listener by hand, not http.get's `signal` option: its end-of-stream watcher per request cost more CPU
    const onAbort = () => req.destroy(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = new LongPollTimeoutError(timeoutMs);
      req.destroy(timedOut);
    }, timeoutMs);
    req.on('error', (err) => {
      done();
      reject(signal.aborted ? (signal.reason ?? err) : (timedOut ?? err));
    });
  });
}

function readBody(res: IncomingMessage): Promise<string> {
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
  // listeners, not `for await`: the async iterator's promise per chunk and its end-of-stream watcher were a
  // measurable part of this request's CPU, paid twice per message
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    decoded.on('data', (chunk: Buffer) => chunks.push(chunk));
    decoded.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    decoded.on('error', reject);
    // a response cut short (socket closed, request destroyed on timeout or abort) ends with 'close' and no 'end'
    decoded.on('close', () => {
      if (!decoded.readableEnded) reject(res.errored ?? new Error('the response was cut short'));
    });
  });
}

function flatHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = String(v);
  return out;
}
