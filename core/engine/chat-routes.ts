// POST /chat and POST /chat/stream (SSE: status, token, done | error); the engine does the work.
import { z } from 'zod';
import type { UserPrincipal } from '../auth/principal.ts';
import { defineRoute, eventStream } from '../plugin/route-definition.ts';
import type { Engine, TurnRequest, TurnResult } from './engine.ts';

const chatBody = z
  .object({
    message: z.string().min(1, 'message is empty'),
    session_id: z.uuid().optional(),
    scope: z
      .array(z.string().regex(/^[a-z][a-z0-9_-]*$/))
      .min(1)
      .max(10)
      .optional(),
    origin: z.string().max(32).optional(),
    workspace: z.string().max(64).nullable().optional(),
    confirmation_id: z.uuid().optional(),
  })
  .strict();

function turnRequest(principal: UserPrincipal, b: z.output<typeof chatBody>): TurnRequest {
  return {
    principal,
    message: b.message,
    sessionId: b.session_id,
    scope: b.scope,
    origin: b.origin,
    workspace: b.workspace,
    confirmationId: b.confirmation_id,
  };
}

function wire(result: TurnResult) {
  return {
    reply: result.reply,
    session_id: result.sessionId,
    ...(result.pendingConfirmation ? { pending_confirmation: result.pendingConfirmation } : {}),
  };
}

/** The chat endpoints. */
export function chatRoutes(engine: Engine) {
  return [
    defineRoute({
      method: 'POST',
      path: '/chat',
      auth: 'member',
      summary: 'One message to Quorra; answers the reply and the session id',
      body: chatBody,
      handler: async ({ principal, body, signal }) =>
        wire(await engine.handle(turnRequest(principal, body), { signal })),
    }),
    defineRoute({
      method: 'POST',
      path: '/chat/stream',
      auth: 'member',
      summary: 'The same turn as server-sent events: status, token, then done or error',
      body: chatBody,
      handler: ({ principal, body, signal }) => {
        const request = turnRequest(principal, body);
        return eventStream(async (send) => {
          const result = await engine.handle(request, {
            stream: true,
            signal,
            onToken: (text) => send('token', { text }),
            onStatus: (text) => send('status', { text }),
          });
          if (!result.interrupted) send('done', wire(result));
        });
      },
    }),
  ];
}
