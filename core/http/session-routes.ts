// GET/PUT/DELETE /sessions/:id/purpose and /sessions/:id/mode, ownership-checked.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { userOf } from '../auth/authenticate.ts';
import type { SessionControls } from '../engine/session-controls.ts';
import { body, params } from './validate.ts';

const idParam = z.object({ id: z.uuid() });

/** Adds the session state endpoints behind authentication. */
export function addSessionRoutes(router: Router, auth: Middleware, controls: SessionControls): void {
  router.get('/sessions/:id/purpose', auth, async (ctx) => {
    const s = await controls.get(userOf(ctx), params(ctx, idParam).id);
    ctx.body = { session_id: s.id, purpose: s.purpose };
  });
  router.put('/sessions/:id/purpose', auth, async (ctx) => {
    const { purpose } = body(ctx, z.object({ purpose: z.string().trim().min(1).max(2000) }).strict());
    const s = await controls.setPurpose(userOf(ctx), params(ctx, idParam).id, purpose);
    ctx.body = { session_id: s.id, purpose: s.purpose };
  });
  router.delete('/sessions/:id/purpose', auth, async (ctx) => {
    const s = await controls.setPurpose(userOf(ctx), params(ctx, idParam).id, null);
    ctx.body = { session_id: s.id, purpose: s.purpose };
  });

  router.get('/sessions/:id/mode', auth, async (ctx) => {
    const s = await controls.get(userOf(ctx), params(ctx, idParam).id);
    ctx.body = {
      session_id: s.id,
      mode: s.activeMode,
      scope: s.scope,
      available: controls
        .available(s)
        .map((m) => ({ name: m.name, scope: m.scope, description: m.description })),
    };
  });
  router.put('/sessions/:id/mode', auth, async (ctx) => {
    const { mode } = body(ctx, z.object({ mode: z.string().min(1).max(64) }).strict());
    const s = await controls.setMode(userOf(ctx), params(ctx, idParam).id, mode);
    ctx.body = { session_id: s.id, mode: s.activeMode };
  });
  router.delete('/sessions/:id/mode', auth, async (ctx) => {
    const s = await controls.setMode(userOf(ctx), params(ctx, idParam).id, null);
    ctx.body = { session_id: s.id, mode: s.activeMode };
  });
}
