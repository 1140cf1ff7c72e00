// GET/PUT/DELETE /sessions/:id/purpose and /sessions/:id/mode, ownership-checked.
import { z } from 'zod';
import { defineRoute } from '../contracts/route-definition.ts';
import type { Session } from '../sessions/session.entity.ts';
import type { SessionControls } from './session-controls.ts';

const params = z.object({ id: z.uuid() });
const purposeSchema = z.strictObject({ session_id: z.string(), purpose: z.string().nullable() });
const modeSchema = z.strictObject({ session_id: z.string(), mode: z.string().nullable() });
const modesSchema = modeSchema.extend({
  scope: z.array(z.string()).nullable(),
  available: z.array(z.strictObject({ name: z.string(), scope: z.string(), description: z.string() })),
});
const purposeWire = (s: Session) => ({ session_id: s.id, purpose: s.purpose });
const modeWire = (s: Session) => ({ session_id: s.id, mode: s.activeMode });

/** The session state endpoints (the caller's own sessions only). */
export function sessionRoutes(controls: SessionControls) {
  return [
    defineRoute({
      method: 'GET',
      path: '/sessions/:id/purpose',
      auth: 'member',
      summary: 'The session’s purpose',
      params,
      response: purposeSchema,
      handler: async ({ principal, params }) => purposeWire(await controls.get(principal, params.id)),
    }),
    defineRoute({
      method: 'PUT',
      path: '/sessions/:id/purpose',
      auth: 'member',
      summary: 'Sets the session’s purpose',
      params,
      response: purposeSchema,
      body: z.object({ purpose: z.string().trim().min(1).max(2000) }).strict(),
      handler: async ({ principal, params, body }) =>
        purposeWire(await controls.setPurpose(principal, params.id, body.purpose)),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/sessions/:id/purpose',
      auth: 'member',
      summary: 'Clears the session’s purpose',
      params,
      response: purposeSchema,
      handler: async ({ principal, params }) =>
        purposeWire(await controls.setPurpose(principal, params.id, null)),
    }),
    defineRoute({
      method: 'GET',
      path: '/sessions/:id/mode',
      auth: 'member',
      summary: 'The active mode and the modes available in the session’s scope',
      params,
      response: modesSchema,
      handler: async ({ principal, params }) => {
        const s = await controls.get(principal, params.id);
        return {
          ...modeWire(s),
          scope: s.scope,
          available: controls
            .available(s)
            .map((m) => ({ name: m.name, scope: m.scope, description: m.description })),
        };
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/sessions/:id/mode',
      auth: 'member',
      summary: 'Activates a mode',
      params,
      response: modeSchema,
      body: z.object({ mode: z.string().min(1).max(64) }).strict(),
      handler: async ({ principal, params, body }) =>
        modeWire(await controls.setMode(principal, params.id, body.mode)),
    }),
    defineRoute({
      method: 'DELETE',
      path: '/sessions/:id/mode',
      auth: 'member',
      summary: 'Leaves the active mode',
      params,
      response: modeSchema,
      handler: async ({ principal, params }) => modeWire(await controls.setMode(principal, params.id, null)),
    }),
  ];
}
