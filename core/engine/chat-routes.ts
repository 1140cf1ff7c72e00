// POST /chat and POST /chat/stream (SSE: status, token, done | error); the engine does the work.
import { z } from 'zod';
import type { UserPrincipal } from '../contracts/principal.ts';
import { defineRoute, eventStream } from '../contracts/route-definition.ts';
import type { TurnRequest } from '../contracts/turn-request.ts';
import { safeText } from '../text/safe-text-schema.ts';
import type { TurnResult } from './engine.ts';
import { replyOrThrow, type Turns } from './turns.ts';

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

export const replySchema = z.strictObject({
  reply: z.string(),
  session_id: z.string(),
  pending_confirmation: z.strictObject({ id: z.string(), description: z.string() }).optional(),
});

function wire(result: TurnResult): z.output<typeof replySchema> {
  return {
    reply: result.reply,
    session_id: result.sessionId,
    ...(result.pendingConfirmation ? { pending_confirmation: result.pendingConfirmation } : {}),
  };
}

/** The chat endpoints: the same door into the engine as Matrix and plugins, keeping the session the caller named. */
export function chatRoutes(turns: Turns) {
  return [
    defineRoute({
      method: 'POST',
      path: '/chat',
      auth: 'member',
      summary: 'One message to Quorra; answers the reply and the session id',
      body: chatBody,
      response: replySchema,
      handler: async ({ principal, body, signal }) =>
        wire(replyOrThrow(await turns.run(turnRequest(principal, body), { signal, keepSession: true }))),
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
          const result = replyOrThrow(
            await turns.run(request, {
              keepSession: true,
              stream: true,
              signal,
              onToken: (text) => send('token', { text }),
              onStatus: (text) => send('status', { text }),
            }),
          );
          if (!result.interrupted) send('done', wire(result));
        });
      },
    }),
  ];
}
