// The request edge: reads JSON bodies within a byte limit as strict UTF-8 and refuses what no route should see.
import type { IncomingMessage } from 'node:http';
import type { Context } from 'koa';
import { fail, type QuorraError } from '../contracts/errors.ts';
import { echo, refusedText } from '../text/text-safety.ts';

const MAX_DEPTH = 64;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// fatal: a malformed byte sequence throws instead of becoming U+FFFD; one decoder serves every request
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The Content-Type values nearly every JSON client sends, answered without type-is and Koa's charset parser (three
 * modules' code per request); any other spelling goes through them as before, so what counts as JSON is unchanged.
 */
const PLAIN_JSON = new Set([
  'application/json',
  'application/json; charset=utf-8',
  'application/json;charset=utf-8',
]);

const invalidJson = (message: string) => fail.invalid('INVALID_JSON', message);
const tooLarge = (limit: number) =>
  fail.tooLarge('PAYLOAD_TOO_LARGE', `request body is larger than ${limit} bytes`);

/**
 * The body's bytes, at most `limit` of them. Read with listeners rather than `for await`: the async iterator costs
 * ≈ 30 µs of CPU per request here (its promises, an end-of-stream watcher), more than parsing a chat body.
 */
function readLimited(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const settle = (err?: unknown) => {
      req.off('data', onData).off('end', onEnd).off('error', onClose).off('close', onClose);
      if (err) reject(err);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      // stop keeping it at once: an oversized body is never buffered whole; the rest flows by unread, so the
      // connection stays in step and the 413 reaches the client
      if (size > limit) settle(tooLarge(limit));
      else chunks.push(chunk);
    };
    const onEnd = () => settle();
    // the client left (or broke the connection) mid-body: its request, not a failure of ours to log as one
    const onClose = () => settle(fail.invalid('INCOMPLETE_BODY', 'the request body ended early'));
    // `on`, not `once`: settle takes all four off at its first call, and `once` would wrap each in a bound function
    req.on('data', onData).on('end', onEnd).on('error', onClose).on('close', onClose);
  });
}

interface Visit {
  value: unknown;
  depth: number;
  parent: Visit | null;
  key: string;
}

// the path is only spelled out for the one value that is refused, so a wide body costs no string building
function pathOf(v: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | null = v; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
}

/** The first part of a parsed body no route may receive: a prototype key, deep nesting, or text that cannot be meaningful. */
export function refusedValue(root: unknown): QuorraError | undefined {
  const stack: Visit[] = [{ value: root, depth: 0, parent: null, key: '' }];
  while (stack.length) {
    const visit = stack.pop()!;
    const { value, depth } = visit;
    if (typeof value === 'string') {
      const reason = refusedText(value);
      if (reason)
        return fail.invalid('VALIDATION_FAILED', 'request failed validation', [
          { path: echo(pathOf(visit)), message: reason, code: 'invalid_text' },
        ]);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return invalidJson(`request body is nested deeper than ${MAX_DEPTH} levels`);
    const obj = value as Record<string, unknown>;
    for (const key of Object.keys(obj)) {
      const child = obj[key];
      // the keys a careless merge turns into prototype pollution, as @hapi/bourne defines them
      const polluting =
        key === '__proto__' ||
        (key === 'constructor' && child !== null && typeof child === 'object' && 'prototype' in child);
      if (polluting) return invalidJson(`request body contains the forbidden key "${key}"`);
      const reason = refusedText(key);
      if (reason) return invalidJson(`a key in the request body ${reason}`);
      if (child !== null && (typeof child === 'object' || typeof child === 'string'))
        stack.push({ value: child, depth: depth + 1, parent: visit, key });
    }
  }
  return undefined;
}

/**
 * Reads a JSON body into ctx.request.body (its raw text in ctx.request.rawBody); undefined, and nothing to wait
 * for, when the request has none to read (every GET, and any body that is not JSON).
 */
export function readJsonBody(ctx: Context, limitBytes: number): Promise<void> | undefined {
  if (!BODY_METHODS.has(ctx.method)) return undefined;
  const req = ctx.req;
  const hasBody =
    req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
  if (!hasBody) return undefined;
  if (!PLAIN_JSON.has(req.headers['content-type'] ?? '')) {
    if (!ctx.is('json', '+json')) return undefined;
    const charset = ctx.request.charset;
    if (charset && !/^utf-?8$/i.test(charset))
      return Promise.reject(fail.invalid('UNSUPPORTED_MEDIA_TYPE', 'JSON bodies must be UTF-8'));
  }
  if (Number(req.headers['content-length'] ?? 0) > limitBytes) return Promise.reject(tooLarge(limitBytes));
  return readLimited(req, limitBytes).then((bytes) => {
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw invalidJson('request body is not valid UTF-8');
    }
    let parsed: unknown;
    try {
      parsed = text.trim() === '' ? {} : JSON.parse(text);
    } catch {
      throw invalidJson('request body is not valid JSON');
    }
    const refused = refusedValue(parsed);
    if (refused) throw refused;
    const request = ctx.request as { body?: unknown; rawBody?: string };
    request.rawBody = text;
    request.body = parsed;
  });
}
