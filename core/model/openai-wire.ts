// Chat completions over node:http(s), streamed and not, requested, retried and failing as the openai SDK does: the
// SDK's request pipeline (fetch, web streams, abort signals) cost ≈ 1–2 ms of CPU per call, paid on every chat
// message and on every Dream extraction.
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai/error';
import type { ChatCompletion, ChatCompletionChunk } from 'openai/resources/chat/completions';

/** Where and how the stream is requested. */
export interface StreamEndpoint {
  baseUrl: string;
  apiKey: string;
  /** Until the response headers arrive (the SDK's timeout), per attempt. */
  timeoutMs: number;
  /** Connection failures, timeouts, 408, 409, 429 and 5xx are tried again this many times. */
  maxRetries: number;
}

// one keep-alive agent per protocol: the model server is asked again within seconds
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

class TimedOut extends Error {}

/**
 * POSTs the request (with `stream: true` in the body) and resolves once the endpoint answers 2xx, with the chunks
 * to iterate; connection and status failures reject here, before any chunk, as the SDK's `create` does.
 */
export async function openChatStream(
  endpoint: StreamEndpoint,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<AsyncGenerator<ChatCompletionChunk>> {
  const res = await respond(endpoint, chatUrl(endpoint), JSON.stringify(body), signal, 'text/event-stream');
  return chunks(res, signal);
}

/** One chat completion, not streamed (`stream: false` in the body): the parsed answer, or the SDK's error. */
export async function postChatCompletion(
  endpoint: StreamEndpoint,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<ChatCompletion> {
  const res = await respond(endpoint, chatUrl(endpoint), JSON.stringify(body), signal, 'application/json');
  let text: string;
  try {
    text = await readText(res);
  } catch (err) {
    if (signal?.aborted) throw new APIUserAbortError();
    throw new APIConnectionError({ cause: err as Error });
  }
  // a body that is not JSON fails as the SDK's did: a SyntaxError, which the model client counts as malformed
  return JSON.parse(text) as ChatCompletion;
}

/**
 * GET /models once (a probe asks about now: no retries), failing with the SDK's error classes: /health probes the
 * endpoint long before (and whether or not) anyone talks to the model, and over node:http it loads neither the SDK
 * nor fetch's undici at start.
 */
export async function listModels(e: StreamEndpoint, timeoutMs: number): Promise<string[]> {
  const url = new URL(`${e.baseUrl.replace(/\/+$/, '')}/models`);
  let res: IncomingMessage;
  let text: string;
  try {
    res = await post(url, { ...e, timeoutMs }, undefined, undefined, 'application/json');
    text = await readText(res);
  } catch (err) {
    if (err instanceof TimedOut) throw new APIConnectionTimeoutError();
    throw new APIConnectionError({ cause: err as Error });
  }
  let body: { data?: { id: string }[] } | undefined;
  try {
    body = JSON.parse(text);
  } catch {}
  const status = res.statusCode ?? 0;
  if (status < 200 || status >= 300)
    throw APIError.generate(status, body, body ? undefined : text, webHeaders(res));
  if (!Array.isArray(body?.data)) throw new SyntaxError('the endpoint did not list its models');
  return body.data.map((m) => m.id);
}

const chatUrl = (e: StreamEndpoint) => new URL(`${e.baseUrl.replace(/\/+$/, '')}/chat/completions`);

async function* chunks(res: IncomingMessage, signal?: AbortSignal): AsyncGenerator<ChatCompletionChunk> {
  const sse = new SseParser();
  let done = false;
  // each event's data parsed where the body is read (one async layer per body piece, not two per event); the
  // chunks before a broken or error event are still handed on before the failure, as they arrived
  const parse = (events: SseEvent[]): { chunks: ChatCompletionChunk[]; failure?: unknown } => {
    const out: ChatCompletionChunk[] = [];
    try {
      for (const ev of events) {
        if (done) break;
        if (ev.data.startsWith('[DONE]')) {
          done = true;
          break;
        }
        const data = JSON.parse(ev.data);
        if (ev.event === 'error') throw new APIError(undefined, data.error, data.message, undefined);
        if (data?.error) throw new APIError(undefined, data.error, undefined, webHeaders(res));
        out.push(data as ChatCompletionChunk);
      }
    } catch (failure) {
      return { chunks: out, failure: failure ?? new Error('unreadable event') };
    }
    return { chunks: out };
  };
  try {
    for await (const text of res) {
      const step = parse(sse.push(text as string));
      yield* step.chunks;
      if (step.failure) throw step.failure;
    }
    const last = parse(sse.end());
    yield* last.chunks;
    if (last.failure) throw last.failure;
  } catch (err) {
    // aborted mid-stream: ended quietly, as the SDK ends it (the caller checks the signal)
    if (signal?.aborted) return;
    throw err;
  } finally {
    // a stream read to its end leaves the connection to the keep-alive agent
    if (!res.complete) res.destroy();
  }
}

/** The first 2xx response, after the retries the SDK would make; otherwise the SDK's error for the last attempt. */
async function respond(
  e: StreamEndpoint,
  url: URL,
  body: string,
  signal: AbortSignal | undefined,
  accept: string,
) {
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) throw new APIUserAbortError();
    const retriesLeft = e.maxRetries - attempt;
    let res: IncomingMessage;
    try {
      res = await post(url, e, body, signal, accept);
    } catch (err) {
      if (signal?.aborted) throw new APIUserAbortError();
      if (retriesLeft > 0) {
        await sleep(backoffMs(e.maxRetries, retriesLeft));
        continue;
      }
      if (err instanceof TimedOut) throw new APIConnectionTimeoutError();
      throw new APIConnectionError({ cause: err as Error });
    }
    const status = res.statusCode ?? 0;
    if (status >= 200 && status < 300) return res;
    if (retriesLeft > 0 && shouldRetry(res)) {
      res.resume();
      await sleep(retryAfterMs(res) ?? backoffMs(e.maxRetries, retriesLeft));
      continue;
    }
    const text = await readText(res).catch((err: Error) => err.message);
    let json: object | undefined;
    try {
      json = JSON.parse(text);
    } catch {}
    throw APIError.generate(status, json, json ? undefined : text, webHeaders(res));
  }
}

function post(
  url: URL,
  e: StreamEndpoint,
  body: string | undefined,
  signal: AbortSignal | undefined,
  accept: string,
): Promise<IncomingMessage> {
  const send = url.protocol === 'https:' ? https.request : http.request;
  const headers: Record<string, string | number> = { accept, authorization: `Bearer ${e.apiKey}` };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
  }
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      {
        method: body === undefined ? 'GET' : 'POST',
        agent: agents[url.protocol as keyof typeof agents],
        headers,
      },
      (res) => {
        clearTimeout(timer);
        res.setEncoding('utf8');
        resolve(res);
      },
    );
    const timer = setTimeout(() => req.destroy(new TimedOut('timed out')), e.timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    if (signal) abortWith(req, signal);
    req.end(body);
  });
}

/**
 * Ends the request (and its response, mid-body too) when the signal aborts. One listener, removed when the request
 * closes (after its response ended), instead of `http.request`'s `signal` option, whose end-of-stream watcher per
 * request cost ≈ 30-40 µs of CPU more per call (alternating micro-runs): paid on every chat turn with a signal.
 */
function abortWith(req: http.ClientRequest, signal: AbortSignal): void {
  const onAbort = () => req.destroy(signal.reason ?? new Error('aborted'));
  signal.addEventListener('abort', onAbort, { once: true });
  req.once('close', () => signal.removeEventListener('abort', onAbort));
}

/** The SDK's rule: x-should-retry when the server says, else 408, 409, 429 and 5xx. */
function shouldRetry(res: IncomingMessage): boolean {
  const said = res.headers['x-should-retry'];
  if (said === 'true' || said === 'false') return said === 'true';
  const status = res.statusCode ?? 0;
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** retry-after-ms, or retry-after in seconds or as a date, when the server gives one. */
function retryAfterMs(res: IncomingMessage): number | undefined {
  const ms = Number.parseFloat(String(res.headers['retry-after-ms'] ?? ''));
  if (!Number.isNaN(ms)) return ms;
  const after = res.headers['retry-after'];
  if (!after) return undefined;
  const seconds = Number.parseFloat(after);
  return Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
}

/** The SDK's backoff: 0.5 s doubling per retry, at most 8 s, less up to 25% jitter. */
function backoffMs(maxRetries: number, retriesLeft: number): number {
  const seconds = Math.min(0.5 * 2 ** (maxRetries - retriesLeft), 8);
  return seconds * (1 - Math.random() * 0.25) * 1000;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));

async function readText(res: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) text += chunk;
  return text;
}

function webHeaders(res: IncomingMessage): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, String(v));
  return h;
}

/** One server-sent event: its name (if any) and its data lines joined. */
interface SseEvent {
  event: string | null;
  data: string;
}

/** Server-sent events from body pieces split anywhere; CR, LF and CRLF line ends, comments skipped. */
class SseParser {
  private buffer = '';
  private data: string[] = [];
  private event: string | null = null;

  /** Takes the next piece of the body; returns the events it completed. */
  push(text: string): SseEvent[] {
    const out: SseEvent[] = [];
    this.buffer += text;
    for (let end = this.buffer.search(/\r\n|\r|\n/); end >= 0; end = this.buffer.search(/\r\n|\r|\n/)) {
      // a lone \r at the end may be the first half of \r\n: wait for the next piece
      if (this.buffer[end] === '\r' && end === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + (this.buffer.startsWith('\r\n', end) ? 2 : 1));
      this.line(line, out);
    }
    return out;
  }

  /** The body ended: what is left completes the last event. */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.buffer) this.line(this.buffer, out);
    this.buffer = '';
    this.line('', out);
    return out;
  }

  private line(text: string, out: SseEvent[]): void {
    if (text === '') {
      if (this.data.length || this.event !== null)
        out.push({ event: this.event, data: this.data.join('\n') });
      this.data = [];
      this.event = null;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + (text[colon + 1] === ' ' ? 2 : 1));
    if (field === 'data') this.data.push(value);
    else if (field === 'event') this.event = value;
  }
}
