// POST /chat and POST /chat/stream (SSE: status, token, done | error); the engine does the work.
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { userOf } from '../auth/authenticate.ts';
import type { Engine, TurnRequest } from '../engine/engine.ts';
import { safeText } from '../text/safe-text-schema.ts';
import { toEnvelope } from './error-envelope.ts';
import { body } from './validate.ts';

const name = /^[a-z][a-z0-9_-]*$/;
/** Longer than anyone types; pasted documents belong in the vault. */
const MAX_MESSAGE_CHARS = 32_000;

// every field is checked here: an empty string is a mistake, never a quiet "not given"
const chatBody = z
  .object({
    message: safeText({ min: 1, max: MAX_MESSAGE_CHARS, empty: 'message is empty' }),
    session_id: z.uuid().optional(),
    scope: z.array(z.string().max(64).regex(name, 'a scope name like general')).min(1).max(10).optional(),
    origin: z.string().max(32).regex(name, 'an origin name like standard').optional(),
    workspace: z
      .string()
      .min(1, 'workspace is empty: leave it out (or send null) for no workspace')
      .max(64)
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'a workspace slug like lake-house')
      .nullable()
      .optional(),
    confirmation_id: z.uuid().optional(),
  })
  .strict();

function turnRequest(ctx: Context): TurnRequest {
  const b = body(ctx, chatBody);
  return {
    principal: userOf(ctx),
    message: b.message,
    sessionId: b.session_id,
    scope: b.scope,
    origin: b.origin,
    workspace: b.workspace,
    confirmationId: b.confirmation_id,
  };
}

function wire(result: {
  reply: string;
  sessionId: string;
  pendingConfirmation?: { id: string; description: string };
}) {
  return {
    reply: result.reply,
    session_id: result.sessionId,
    ...(result.pendingConfirmation ? { pending_confirmation: result.pendingConfirmation } : {}),
  };
}

/** Adds the chat endpoints behind the given authentication middleware. */
export function addChatRoutes(router: Router, auth: Middleware, engine: Engine): void {
  router.post('/chat', auth, async (ctx) => {
    const abort = new AbortController();
    ctx.res.on('close', () => {
      if (!ctx.res.writableEnded) abort.abort();
    });
    ctx.body = wire(await engine.handle(turnRequest(ctx), { signal: abort.signal }));
  });

  router.post('/chat/stream', auth, async (ctx) => {
    const request = turnRequest(ctx);
    const abort = new AbortController();
    const res = ctx.res;
    ctx.respond = false;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    const send = (event: string, data: unknown) => {
      if (!res.writableEnded && !res.destroyed)
        res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    res.on('close', () => {
      if (!res.writableEnded) abort.abort();
    });
    try {
      const result = await engine.handle(request, {
        stream: true,
        signal: abort.signal,
        onToken: (text) => send('token', { text }),
        onStatus: (text) => send('status', { text }),
      });
      if (!result.interrupted) send('done', wire(result));
    } catch (err) {
      send('error', toEnvelope(err).body.error);
    } finally {
      if (!res.writableEnded) res.end();
    }
  });
}
