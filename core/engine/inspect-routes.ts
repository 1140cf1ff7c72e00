// GET/DELETE /inspect/turns: the owner's own turn records, only while developer_mode is on.
import { z } from 'zod';
import { fail, QuorraError } from '../contracts/errors.ts';
import { defineRoute } from '../contracts/route-definition.ts';
import type { TurnInspector } from './turn-inspector.ts';

/** One turn record on the wire (the admin UI's type too). */
export const turnRecordSchema = z.strictObject({
  id: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  at: z.string(),
  round: z.number(),
  payload: z.string(),
  truncated: z.boolean(),
  response: z.string().optional(),
  error: z.string().optional(),
});
/** GET /inspect/turns. */
export const turnListReply = z.strictObject({ turns: z.array(turnRecordSchema) });
/** DELETE /inspect/turns. */
export const turnsForgotReply = z.strictObject({ deleted: z.number() });

/** The inspector endpoints; they 404 unless developer mode is on. */
export function inspectRoutes(inspector: TurnInspector, developerMode: () => boolean) {
  const gate = () => {
    if (!developerMode())
      throw new QuorraError(
        'NOT_FOUND',
        'the turn inspector is off (developer_mode)',
        undefined,
        'not-found',
      );
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/inspect/turns',
      auth: 'owner',
      summary: 'The owner’s recent turn records (developer mode)',
      response: turnListReply,
      handler: ({ principal }) => {
        gate();
        return { turns: inspector.list(principal.userId) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/inspect/turns/:id',
      auth: 'owner',
      summary: 'One turn record: prompt, tool calls, timings (developer mode)',
      params: z.object({ id: z.string().min(1) }),
      response: turnRecordSchema,
      handler: ({ principal, params }) => {
        gate();
        const record = inspector.get(principal.userId, params.id);
        if (!record) throw fail.notFound('turn');
        return record;
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/inspect/turns',
      auth: 'owner',
      summary: 'Forgets the owner’s turn records (developer mode)',
      response: turnsForgotReply,
      handler: ({ principal }) => {
        gate();
        return { deleted: inspector.clear(principal.userId) };
      },
    }),
  ];
}
