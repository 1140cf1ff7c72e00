// Test helpers for the HTTP surface: users with tokens, /chat calls, and /chat/stream read as SSE events.
import type { BootedApp } from './boot-app.ts';

/** A user created in the booted app, with an API token. */
export interface TestUser {
  id: string;
  token: string;
  headers: Record<string, string>;
}

/** Creates a user and a token through the app's own stores. */
export async function addUser(
  app: BootedApp,
  name: string,
  role: 'owner' | 'member' = 'owner',
  extra: { matrix?: string[]; timezone?: string } = {},
): Promise<TestUser> {
  const u = await app.quorra.conversation.users.add({ name, role, ...extra });
  const token = await app.quorra.conversation.tokens.create(u.id);
  return {
    id: u.id,
    token,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  };
}

/** Sends any request with a user's headers; returns status and parsed JSON (or text). */
export async function call(
  app: BootedApp,
  user: TestUser | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${app.url}${path}`, {
    method,
    headers: user?.headers ?? { 'content-type': 'application/json' },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return readResponse(res);
}

/** A response's status and body, parsed as JSON when it is JSON (else the text). */
export async function readResponse(res: Response): Promise<{ status: number; json: any }> {
  const text = await res.text();
  let json: any = text;
  try {
    json = JSON.parse(text);
  } catch {
    // keep text
  }
  return { status: res.status, json };
}

/** POST /chat. */
export function chat(app: BootedApp, user: TestUser | null, body: Record<string, unknown>) {
  return call(app, user, 'POST', '/chat', body);
}

/** A server-sent event. */
export interface SseEvent {
  event: string;
  data: any;
}

/** POST /chat/stream and collect every event; `abortAfter` disconnects after that many token events. */
export async function chatStream(
  app: BootedApp,
  user: TestUser,
  body: Record<string, unknown>,
  opts: { abortAfter?: number } = {},
): Promise<SseEvent[]> {
  const ac = new AbortController();
  const res = await fetch(`${app.url}/chat/stream`, {
    method: 'POST',
    headers: user.headers,
    body: JSON.stringify(body),
    signal: ac.signal,
  });
  if (!res.ok || !res.body) throw new Error(`stream failed: ${res.status} ${await res.text()}`);
  const events: SseEvent[] = [];
  let tokens = 0;
  try {
    for await (const e of sseEvents(res.body)) {
      events.push(e);
      if (e.event === 'token' && opts.abortAfter !== undefined && ++tokens >= opts.abortAfter) {
        ac.abort();
        return events;
      }
    }
  } catch (err) {
    if (!ac.signal.aborted) throw err;
  }
  return events;
}

/** The events of a text/event-stream body as they arrive (JSON data parsed); ends with the stream. */
export async function* sseEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<SseEvent> {
  const decoder = new TextDecoder();
  let buf = '';
  for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
    buf += decoder.decode(chunk, { stream: true });
    let at = buf.indexOf('\n\n');
    while (at >= 0) {
      const frame = buf.slice(0, at);
      buf = buf.slice(at + 2);
      const event = /^event: (.*)$/m.exec(frame)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      yield { event, data: data ? JSON.parse(data) : undefined };
      at = buf.indexOf('\n\n');
    }
  }
}

/** The system prompt of a recorded chat request: its leading system messages (shared, then the person’s), joined. */
export function systemPromptOf(body: any): string {
  const messages: any[] = body.messages ?? [];
  const end = messages.findIndex((m) => m.role !== 'system');
  return (end < 0 ? messages : messages.slice(0, end)).map((m) => m.content).join('\n\n');
}

/** Waits until a condition holds (polling), or fails after `ms`. */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 3000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('condition not met in time');
}
