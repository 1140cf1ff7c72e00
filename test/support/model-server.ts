// A scripted OpenAI-compatible model server over real HTTP, for tests driven through the real openai SDK.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tool call the scripted model makes. */
export interface ScriptedToolCall {
  name: string;
  arguments: string | Record<string, unknown>;
  id?: string;
}

/** What the model answers to one request. */
export interface ScriptedReply {
  content?: string;
  reasoning?: string;
  toolCalls?: ScriptedToolCall[];
  /** For streams: content split into these deltas (defaults to ~8-character pieces). */
  chunks?: string[];
  delayMs?: number;
  /** Delay between stream chunks. */
  chunkDelayMs?: number;
  /** Answer with this HTTP status and an error body instead. */
  status?: number;
  /** Answer 200 with a body that is not valid JSON. */
  malformed?: boolean;
  /** Streams only: destroy the connection after this many chunks. */
  dropAfterChunks?: number;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

/** A request the server received. */
export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

interface Rule {
  match: (body: any) => boolean;
  reply: ScriptedReply | ((body: any) => ScriptedReply);
  times: number;
}

/** The text of the last user message in a chat request. */
export function lastUserText(body: any): string {
  const msgs = (body?.messages ?? []) as { role: string; content: unknown }[];
  const last = [...msgs].reverse().find((m) => m.role === 'user');
  return typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content ?? '');
}

/** Deterministic embedding: a normalised bag of hashed character trigrams. */
export function fakeEmbedding(text: string, dim = 64): number[] {
  const v = new Array<number>(dim).fill(0);
  const t = ` ${text.toLowerCase()} `;
  for (let i = 0; i + 3 <= t.length; i++) {
    let h = 2166136261;
    for (const c of t.slice(i, i + 3)) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
    v[(h >>> 0) % dim] += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

/** The scripted server: add rules with `on`/`always`, read back `requests`, then `close`. */
export class ScriptedModelServer {
  readonly requests: RecordedRequest[] = [];
  /** Requests answered so far (ids count on, whether or not requests are recorded). */
  private served = 0;
  /** Benches turn recording off: thousands of kept prompts would grow the heap of the process measured. */
  private record = true;
  private rules: Rule[] = [];
  private server!: Server;
  url = '';
  /** Reply used when no rule matches. */
  fallback: ScriptedReply = { content: 'OK.' };
  embeddingFailures = 0;
  /** How texts are embedded: a test may put in its own vector space (one where synonyms meet, say). */
  embedding: (text: string, dim: number) => number[] = fakeEmbedding;
  /** Streams whose client went away before the stream finished. */
  abortedStreams = 0;
  /** Chat requests (streamed or not) whose client went away before the whole answer was written. */
  abandonedChats = 0;
  private sockets = new Set<import('node:net').Socket>();

  /** Starts listening on 127.0.0.1 on an ephemeral port. */
  static async start(opts: { recordRequests?: boolean } = {}): Promise<ScriptedModelServer> {
    const s = new ScriptedModelServer();
    s.record = opts.recordRequests ?? true;
    s.server = createServer((req, res) => void s.handle(req, res));
    s.server.on('connection', (sock) => {
      s.sockets.add(sock);
      sock.on('close', () => s.sockets.delete(sock));
    });
    await new Promise<void>((r) => s.server.listen(0, '127.0.0.1', r));
    s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}/v1`;
    return s;
  }

  /** Answers the next `times` chat requests whose last user message matches (string: substring). */
  on(match: string | RegExp | ((body: any) => boolean), reply: Rule['reply'], times = 1): this {
    const fn =
      typeof match === 'function'
        ? match
        : (b: any) =>
            typeof match === 'string' ? lastUserText(b).includes(match) : match.test(lastUserText(b));
    this.rules.push({ match: fn, reply, times });
    return this;
  }

  /** Answers every matching request, forever. */
  always(match: string | RegExp | ((body: any) => boolean), reply: Rule['reply']): this {
    return this.on(match, reply, Number.POSITIVE_INFINITY);
  }

  /** Answers the next chat request, whatever it is. */
  next(reply: Rule['reply']): this {
    return this.on(() => true, reply, 1);
  }

  /** Chat requests received so far. */
  chatRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path.endsWith('/chat/completions'));
  }

  reset(): void {
    this.rules = [];
    this.requests.length = 0;
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  private pick(body: any): ScriptedReply {
    const i = this.rules.findIndex((r) => r.match(body));
    if (i < 0) return this.fallback;
    const rule = this.rules[i];
    if (--rule.times <= 0) this.rules.splice(i, 1);
    return typeof rule.reply === 'function' ? rule.reply(body) : rule.reply;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? JSON.parse(raw) : undefined;
    const path = (req.url ?? '').split('?')[0];
    this.served++;
    if (this.record) this.requests.push({ path, headers: req.headers, body });
    const json = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.method === 'GET' && path.endsWith('/models')) {
      return json(200, {
        object: 'list',
        data: ['test-chat', 'test-embed'].map((id) => ({
          id,
          object: 'model',
          created: 0,
          owned_by: 'test',
        })),
      });
    }
    if (req.method === 'POST' && path.endsWith('/embeddings')) {
      if (this.embeddingFailures > 0) {
        this.embeddingFailures--;
        return json(500, { error: { message: 'embedding backend down', type: 'server_error' } });
      }
      const input: string[] = Array.isArray(body.input) ? body.input : [body.input];
      return json(200, {
        object: 'list',
        model: body.model,
        data: input.map((t, index) => ({
          object: 'embedding',
          index,
          embedding: this.embedding(String(t), body.dimensions ?? 64),
        })),
        usage: { prompt_tokens: input.length, total_tokens: input.length },
      });
    }
    if (req.method !== 'POST' || !path.endsWith('/chat/completions'))
      return json(404, { error: { message: 'not found' } });
    const reply = this.pick(body);
    res.once('close', () => {
      if (!res.writableFinished) this.abandonedChats++;
    });
    if (reply.delayMs) await sleep(reply.delayMs);
    if (res.destroyed) return;
    if (reply.status)
      return json(reply.status, { error: { message: `scripted ${reply.status}`, type: 'server_error' } });
    if (reply.malformed) {
      res.writeHead(200, { 'content-type': 'application/json' });
      return void res.end('{"id": "broken", "choices": [');
    }
    if (body.stream) return this.stream(body, reply, res);
    const toolCalls = toToolCalls(reply.toolCalls);
    json(200, {
      id: `chatcmpl-${this.served}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [
        {
          index: 0,
          finish_reason: toolCalls ? 'tool_calls' : 'stop',
          message: {
            role: 'assistant',
            content: reply.content ?? null,
            reasoning_content: reply.reasoning,
            tool_calls: toolCalls,
          },
        },
      ],
      usage: { total_tokens: 0, ...(reply.usage ?? { prompt_tokens: 10, completion_tokens: 5 }) },
    });
  }

  private async stream(body: any, reply: ScriptedReply, res: ServerResponse): Promise<void> {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    const base = {
      id: `chatcmpl-${this.served}`,
      object: 'chat.completion.chunk',
      created: 0,
      model: body.model,
    };
    const deltas: any[] = [{ role: 'assistant', content: '' }];
    if (reply.reasoning) for (const r of split(reply.reasoning)) deltas.push({ reasoning_content: r });
    for (const c of reply.chunks ?? split(reply.content ?? '')) deltas.push({ content: c });
    (reply.toolCalls ?? []).forEach((call, index) => {
      const args = typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
      deltas.push({
        tool_calls: [
          {
            index,
            id: call.id ?? `call_${index}`,
            type: 'function',
            function: { name: call.name, arguments: '' },
          },
        ],
      });
      for (const a of split(args)) deltas.push({ tool_calls: [{ index, function: { arguments: a } }] });
    });
    let sent = 0;
    let finished = false;
    res.on('close', () => {
      if (!finished) this.abortedStreams++;
    });
    for (const delta of deltas) {
      if (res.destroyed) return;
      if (reply.dropAfterChunks !== undefined && sent >= reply.dropAfterChunks) {
        finished = true;
        res.socket?.destroy();
        return;
      }
      res.write(
        `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
      );
      sent++;
      if (reply.chunkDelayMs) await sleep(reply.chunkDelayMs);
    }
    const finish = reply.toolCalls?.length ? 'tool_calls' : 'stop';
    res.write(
      `data: ${JSON.stringify({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }] })}\n\n`,
    );
    const usage = reply.usage ?? { prompt_tokens: 10, completion_tokens: 5 };
    res.write(`data: ${JSON.stringify({ ...base, choices: [], usage: { ...usage, total_tokens: 0 } })}\n\n`);
    finished = true;
    res.end('data: [DONE]\n\n');
  }
}

function toToolCalls(calls?: ScriptedToolCall[]) {
  if (!calls?.length) return undefined;
  return calls.map((c, i) => ({
    id: c.id ?? `call_${i}`,
    type: 'function',
    function: {
      name: c.name,
      arguments: typeof c.arguments === 'string' ? c.arguments : JSON.stringify(c.arguments),
    },
  }));
}

function split(text: string, size = 8): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** The tool results a recorded chat request sent back to the model, in order. */
export function toolMessagesOf(body: any): string[] {
  return body.messages.filter((m: any) => m.role === 'tool').map((m: any) => m.content as string);
}
