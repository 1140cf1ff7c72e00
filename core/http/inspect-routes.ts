// GET/DELETE /inspect/turns: the owner's own turn records, only while developer_mode is on.
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { ownerOf } from '../auth/authenticate.ts';
import type { TurnInspector } from '../engine/turn-inspector.ts';
import { fail, QuorraError } from '../errors.ts';
import { params } from './validate.ts';

/** Adds the inspector endpoints; they 404 unless developer mode is on and the caller is the owner. */
export function addInspectRoutes(
  router: Router,
  auth: Middleware,
  inspector: TurnInspector,
  developerMode: () => boolean,
): void {
  const gate = (ctx: Context) => {
    if (!developerMode())
      throw new QuorraError(
        'NOT_FOUND',
        'the turn inspector is off (developer_mode)',
        undefined,
        'not-found',
      );
    return ownerOf(ctx);
  };
  router.get('/inspect/turns', auth, (ctx) => {
    const owner = gate(ctx);
    ctx.body = { turns: inspector.list(owner.userId) };
  });
  router.get('/inspect/turns/:id', auth, (ctx) => {
    const owner = gate(ctx);
    const record = inspector.get(owner.userId, params(ctx, z.object({ id: z.string().min(1) })).id);
    if (!record) throw fail.notFound('turn');
    ctx.body = record;
  });
  router.delete('/inspect/turns', auth, (ctx) => {
    const owner = gate(ctx);
    ctx.body = { deleted: inspector.clear(owner.userId) };
  });
}
