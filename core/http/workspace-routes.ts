// POST /workspaces (owner only), GET /workspaces, GET /workspaces/by-room/:roomId.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { ownerOf, userOf } from '../auth/authenticate.ts';
import { fail } from '../errors.ts';
import type { Workspace } from '../workspaces/workspace.entity.ts';
import type { WorkspaceBinding } from '../workspaces/workspace-binding.entity.ts';
import { newWorkspaceSchema } from '../workspaces/workspace-input.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { body, params } from './validate.ts';

function wire(w: Workspace, bindings: WorkspaceBinding[]) {
  return {
    slug: w.slug,
    name: w.name,
    description: w.description,
    kind: w.kind,
    matrix_room_id: w.matrixRoomId,
    personas: w.personas,
    created_at: w.createdAt,
    services: bindings.map((b) => ({ service: b.service, data_window: b.dataWindow, max_tier: b.maxTier })),
  };
}

/** Adds the workspace endpoints behind authentication. */
export function addWorkspaceRoutes(router: Router, auth: Middleware, store: WorkspaceStore): void {
  router.post('/workspaces', auth, async (ctx) => {
    const owner = ownerOf(ctx);
    const created = await store.create(body(ctx, newWorkspaceSchema), owner.userId);
    ctx.status = 201;
    ctx.body = wire(created, created.bindings);
  });
  router.get('/workspaces', auth, async (ctx) => {
    userOf(ctx);
    const list = await store.list();
    ctx.body = {
      workspaces: await Promise.all(list.map(async (w) => wire(w, await store.bindings(w.slug)))),
    };
  });
  router.get('/workspaces/by-room/:roomId', auth, async (ctx) => {
    userOf(ctx);
    const w = await store.byRoom(params(ctx, z.object({ roomId: z.string().min(2).max(255) })).roomId);
    if (!w) throw fail.notFound('workspace');
    ctx.body = wire(w, await store.bindings(w.slug));
  });
}
