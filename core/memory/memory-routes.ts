// /memory (the caller's own), /household/memory (shared by the household) and /owner/memories (the owner's full view).
import { z } from 'zod';
import { fail } from '../contracts/errors.ts';
import { sealFor } from '../contracts/principal.ts';
import { defineRoute, withStatus } from '../contracts/route-definition.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { type MemoryInput, type MemoryPatch, workspaceSchema } from './memory-input.ts';
import { listedMemories, listedWire, listingFilters, listingQuery } from './memory-listing-wire.ts';
import type { MemoryStore } from './memory-store.ts';
import { memorySchema, memoryWire } from './memory-wire.ts';

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
const memoriesReply = z.strictObject({ memories: z.array(memorySchema) });
const archivedReply = z.strictObject({ archived: z.number() });
const deletedReply = z.strictObject({ deleted: z.number() });

/** The memory endpoints. */
export function memoryRoutes(
  store: MemoryStore,
  workspaces: WorkspaceStore,
  names: () => Promise<Map<string, string>>,
) {
  const checkWorkspace = async (slug: string | null | undefined) => {
    if (slug && !(await workspaces.get(slug))) throw fail.badRequest(`no workspace "${slug}"`);
    return slug ?? null;
  };
  // rows the caller may edit through a collection: their own (personal) or the household's (owner NULL)
  const editable = async (id: number, ownerUserId: string | null) => {
    const row = await store.getForOwner(id);
    if (!row || row.archivedAt || row.ownerUserId !== ownerUserId) throw fail.notFound('memory');
    return row;
  };

  const collections = (
    [
      ['/memory', false, 'your own'],
      ['/household/memory', true, 'the household’s shared'],
    ] as const
  ).flatMap(([prefix, household, whose]) => {
    const ownerFor = (userId: string) => (household ? null : userId);
    return [
      defineRoute({
        method: 'GET',
        path: prefix,
        auth: 'member',
        summary: `Lists ${whose} memories`,
        response: memoriesReply,
        query: z.object({ workspace: workspaceSchema.optional() }).strict(),
        handler: async ({ principal, query }) => {
          const rows = await store.listForOwner({
            ownerUserId: ownerFor(principal.userId),
            workspace: query.workspace ?? null,
            limit: 500,
          });
          return { memories: rows.map((r) => memoryWire(r.memory)) };
        },
      }),
      defineRoute({
        method: 'POST',
        path: prefix,
        auth: 'member',
        summary: `Adds one of ${whose} memories`,
        response: memorySchema,
        body: createBody,
        handler: async ({ principal, body }) => {
          const { workspace, ...rest } = body;
          const m = await store.create(fromWire(rest) as MemoryInput, {
            ownerUserId: ownerFor(principal.userId),
            workspace: await checkWorkspace(workspace),
            provenance: 'user_stated',
          });
          return withStatus(201, memoryWire(m));
        },
      }),
      defineRoute({
        method: 'PUT',
        path: `${prefix}/:id`,
        auth: 'member',
        summary: `Edits one of ${whose} memories`,
        response: memorySchema,
        params: idParam,
        body: z.record(z.string(), z.unknown()),
        handler: async ({ principal, params, body }) => {
          const row = await editable(params.id, ownerFor(principal.userId));
          return memoryWire((await store.update(row.id, fromWire(body) as MemoryPatch))!);
        },
      }),
      defineRoute({
        method: 'DELETE',
        path: `${prefix}/:id`,
        auth: 'member',
        summary: `Archives one of ${whose} memories`,
        response: archivedReply,
        params: idParam,
        handler: async ({ principal, params }) => {
          const row = await editable(params.id, ownerFor(principal.userId));
          await store.archive(row.id);
          return { archived: row.id };
        },
      }),
    ];
  });

  return [
    ...collections,
    // the surface-once hand-off (a daily briefing asks here): returned once, then archived
    defineRoute({
      method: 'POST',
      path: '/memory/briefing',
      auth: 'member',
      summary: 'Takes the surface-once memories due for the caller (each is returned once)',
      response: memoriesReply,
      body: z.object({ workspace: workspaceSchema.nullable().optional() }).strict(),
      handler: async ({ principal, body }) => {
        const rows = await store.takeSurfaceOnce(sealFor(principal, await checkWorkspace(body.workspace)));
        return { memories: rows.map(memoryWire) };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/owner/memories',
      auth: 'owner',
      summary: 'Every memory with filters, labels and why a memory is unreachable',
      response: listedMemories,
      query: listingQuery,
      handler: async ({ principal, query }) => {
        const rows = await store.listForOwner(listingFilters(query));
        const known = await names();
        return { memories: rows.map((r) => listedWire(r, principal.userId, known)) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/owner/memories/:id/archive',
      auth: 'owner',
      summary: 'Archives any memory',
      response: archivedReply,
      params: idParam,
      handler: async ({ params }) => {
        if (!(await store.archive(params.id))) throw fail.notFound('memory');
        return { archived: params.id };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/owner/memories/:id/restore',
      auth: 'owner',
      summary: 'Restores an archived memory',
      response: memorySchema,
      params: idParam,
      handler: async ({ params }) => {
        const m = await store.restore(params.id);
        if (!m) throw fail.notFound('memory');
        return memoryWire(m);
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/owner/memories/:id',
      auth: 'owner',
      summary: 'Deletes a memory for good',
      response: deletedReply,
      params: idParam,
      handler: async ({ params }) => {
        if (!(await store.purge(params.id))) throw fail.notFound('memory');
        return { deleted: params.id };
      },
    }),
  ];
}
