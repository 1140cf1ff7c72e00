// /memory (the caller's own), /household/memory (shared by the household) and /owner/memories (the owner's full view).
import type Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import { ownerOf, userOf } from '../auth/authenticate.ts';
import { sealFor } from '../auth/principal.ts';
import { fail } from '../errors.ts';
import type { Memory } from '../memory/memory.entity.ts';
import { type MemoryInput, type MemoryPatch, workspaceSchema } from '../memory/memory-input.ts';
import type { MemoryStore } from '../memory/memory-store.ts';
import { ownerListFiltersSchema } from '../memory/owner-listing.ts';
import { importanceLabel, provenanceLabel } from '../memory/provenance-labels.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { body, params, query } from './validate.ts';

// The HTTP contract speaks snake_case; the store speaks camelCase.
const fromWire = (b: Record<string, unknown>) => {
  const { expires_at, surface_once, ...rest } = b;
  return {
    ...rest,
    ...(expires_at !== undefined ? { expiresAt: expires_at } : {}),
    ...(surface_once !== undefined ? { surfaceOnce: surface_once } : {}),
  };
};
const createBody = z.object({ workspace: workspaceSchema.nullable().optional() }).catchall(z.unknown());
const idParam = z.object({ id: z.coerce.number().int().positive() });

/** The JSON shape of a memory. */
export function memoryWire(m: Memory) {
  return {
    id: m.id,
    content: m.content,
    kind: m.kind,
    importance: m.importance,
    tags: m.tags,
    confidence: m.confidence,
    owner_user_id: m.ownerUserId,
    workspace: m.workspace,
    provenance: m.provenance,
    expires_at: m.expiresAt,
    surface_once: m.surfaceOnce,
    archived_at: m.archivedAt,
    created_at: m.createdAt,
  };
}

/** Adds the memory endpoints behind authentication. */
export function addMemoryRoutes(
  router: Router,
  auth: Middleware,
  store: MemoryStore,
  workspaces: WorkspaceStore,
): void {
  const checkWorkspace = async (slug: string | null | undefined) => {
    if (slug && !(await workspaces.get(slug))) throw fail.badRequest(`no workspace "${slug}"`);
    return slug ?? null;
  };
  // rows the caller may edit through a collection: their own (personal) or the household's (owner NULL)
  const editable = async (ctx: Context, ownerUserId: string | null) => {
    const row = await store.getForOwner(params(ctx, idParam).id);
    if (!row || row.archivedAt || row.ownerUserId !== ownerUserId) throw fail.notFound('memory');
    return row;
  };

  for (const [prefix, household] of [
    ['/memory', false],
    ['/household/memory', true],
  ] as const) {
    const ownerFor = (ctx: Context) => (household ? null : userOf(ctx).userId);
    router.get(prefix, auth, async (ctx) => {
      const user = userOf(ctx);
      const q = query(ctx, z.object({ workspace: workspaceSchema.optional() }).strict());
      const rows = await store.listForOwner({
        ownerUserId: household ? null : user.userId,
        workspace: q.workspace ?? null,
        limit: 500,
      });
      ctx.body = { memories: rows.map((r) => memoryWire(r.memory)) };
    });
    router.post(prefix, auth, async (ctx) => {
      const raw = body(ctx, createBody);
      const { workspace, ...rest } = raw;
      const m = await store.create(fromWire(rest) as MemoryInput, {
        ownerUserId: ownerFor(ctx),
        workspace: await checkWorkspace(workspace),
        provenance: 'user_stated',
      });
      ctx.status = 201;
      ctx.body = memoryWire(m);
    });
    router.put(`${prefix}/:id`, auth, async (ctx) => {
      const row = await editable(ctx, ownerFor(ctx));
      const patch = fromWire(body(ctx, z.record(z.string(), z.unknown()))) as MemoryPatch;
      ctx.body = memoryWire((await store.update(row.id, patch))!);
    });
    router.delete(`${prefix}/:id`, auth, async (ctx) => {
      const row = await editable(ctx, ownerFor(ctx));
      await store.archive(row.id);
      ctx.body = { archived: row.id };
    });
  }

  // the surface-once hand-off (a daily briefing asks here): returned once, then archived
  router.post('/memory/briefing', auth, async (ctx) => {
    const user = userOf(ctx);
    const { workspace } = body(ctx, z.object({ workspace: workspaceSchema.nullable().optional() }).strict());
    const rows = await store.takeSurfaceOnce(sealFor(user, await checkWorkspace(workspace)));
    ctx.body = { memories: rows.map(memoryWire) };
  });

  router.get('/owner/memories', auth, async (ctx) => {
    ownerOf(ctx);
    const q = query(
      ctx,
      z
        .object({
          workspace: z.string().optional(),
          owner_user_id: z.string().optional(),
          kind: z.string().optional(),
          importance: z.string().optional(),
          provenance: z.string().optional(),
          archived: z.string().optional(),
          unreachable: z.enum(['true', 'false']).optional(),
          limit: z.coerce.number().optional(),
          before_id: z.coerce.number().optional(),
        })
        .strict(),
    );
    const filters = ownerListFiltersSchema.parse({
      ...(q.workspace !== undefined ? { workspace: q.workspace === 'personal' ? null : q.workspace } : {}),
      ...(q.owner_user_id !== undefined
        ? { ownerUserId: q.owner_user_id === 'household' ? null : q.owner_user_id }
        : {}),
      kind: q.kind,
      importance: q.importance,
      provenance: q.provenance,
      archived: q.archived,
      unreachable: q.unreachable === undefined ? undefined : q.unreachable === 'true',
      limit: q.limit,
      beforeId: q.before_id,
    });
    const rows = await store.listForOwner(filters);
    ctx.body = {
      memories: rows.map((r) => ({
        ...memoryWire(r.memory),
        provenance_label: provenanceLabel[r.memory.provenance],
        importance_label: importanceLabel[r.memory.importance],
        unreachable: r.unreachable,
        ...(r.unreachable
          ? {
              unreachable_reason:
                'Contextual with no tags: recall looks memories up by tag, so this one is never found.',
            }
          : {}),
        expired: r.expired,
        superseded: r.superseded,
      })),
    };
  });
  router.post('/owner/memories/:id/archive', auth, async (ctx) => {
    ownerOf(ctx);
    const { id } = params(ctx, idParam);
    if (!(await store.archive(id))) throw fail.notFound('memory');
    ctx.body = { archived: id };
  });
  router.post('/owner/memories/:id/restore', auth, async (ctx) => {
    ownerOf(ctx);
    const m = await store.restore(params(ctx, idParam).id);
    if (!m) throw fail.notFound('memory');
    ctx.body = memoryWire(m);
  });
  router.delete('/owner/memories/:id', auth, async (ctx) => {
    ownerOf(ctx);
    const { id } = params(ctx, idParam);
    if (!(await store.purge(id))) throw fail.notFound('memory');
    ctx.body = { deleted: id };
  });
}
