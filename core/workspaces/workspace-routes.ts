// POST /workspaces, PATCH /workspaces/:slug and GET /workspaces/options (owner only), GET /workspaces and /workspaces/by-room/:roomId (the caller's own).
import { z } from 'zod';
import { fail } from '../contracts/errors.ts';
import { defineRoute, withStatus } from '../contracts/route-definition.ts';
import { wireTime } from '../contracts/wire-schemas.ts';
import type { Workspace } from './workspace.entity.ts';
import type { WorkspaceBinding } from './workspace-binding.entity.ts';
import { newWorkspaceSchema, workspaceChangeSchema } from './workspace-input.ts';
import { HOSTING_ONLY_PERSONAS, type WorkspaceStore } from './workspace-store.ts';

/** A workspace on the wire (the admin UI's type of it too). */
export const workspaceSchema = z.strictObject({
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.enum(['personal', 'household', 'hosting']),
  matrix_room_id: z.string().nullable(),
  personas: z.array(z.string()),
  created_at: wireTime,
  services: z.array(
    z.strictObject({
      service: z.string(),
      data_window: z.record(z.string(), z.unknown()),
      max_tier: z.number(),
    }),
  ),
});

/** GET /workspaces/options: what a new workspace can be. */
export const workspaceOptionsReply = z.strictObject({
  kinds: z.array(z.enum(['personal', 'household', 'hosting'])),
  services: z.array(z.string()),
  personas: z.array(z.strictObject({ id: z.string(), description: z.string(), hosting_only: z.boolean() })),
});
/** GET /workspaces. */
export const workspaceListReply = z.strictObject({ workspaces: z.array(workspaceSchema) });

function wire(w: Workspace, bindings: WorkspaceBinding[]): z.output<typeof workspaceSchema> {
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

/** The workspace endpoints; `personas` are the ones a workspace may offer, with what each is for (the engine's). */
export function workspaceRoutes(
  store: WorkspaceStore,
  personas: Readonly<Record<string, { description: string }>>,
) {
  return [
    defineRoute({
      method: 'POST',
      path: '/workspaces',
      auth: 'owner',
      summary: 'Creates a workspace with its services',
      body: newWorkspaceSchema,
      response: workspaceSchema,
      handler: async ({ principal, body }) => {
        const created = await store.create(body, principal.userId);
        return withStatus(201, wire(created, created.bindings));
      },
    }),
    defineRoute({
      method: 'PATCH',
      path: '/workspaces/:slug',
      auth: 'owner',
      summary: 'Changes a workspace’s name, description, services, room or personas (only the fields sent)',
      params: z.object({ slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/) }),
      body: workspaceChangeSchema,
      response: workspaceSchema,
      handler: async ({ params, body }) => {
        const updated = await store.update(params.slug, body);
        return wire(updated, updated.bindings);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/workspaces/options',
      auth: 'owner',
      summary: 'What a new workspace can be: kinds, services and personas (with what each is for)',
      response: workspaceOptionsReply,
      handler: () => {
        const o = store.options();
        return {
          kinds: newWorkspaceSchema.shape.kind.unwrap().options,
          services: o.services,
          personas: o.personas.map((id) => ({
            id,
            description: personas[id]?.description ?? '',
            hosting_only: HOSTING_ONLY_PERSONAS.includes(id),
          })),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/workspaces',
      auth: 'member',
      summary: 'The workspaces the caller may use (owners: every one), with their services',
      response: workspaceListReply,
      handler: async ({ principal }) => ({
        workspaces: await Promise.all(
          (await store.listFor(principal)).map(async (w) => wire(w, await store.bindings(w.slug))),
        ),
      }),
    }),
    defineRoute({
      method: 'GET',
      path: '/workspaces/by-room/:roomId',
      auth: 'member',
      summary: 'The workspace a Matrix room belongs to',
      params: z.object({ roomId: z.string().min(2).max(255) }),
      response: workspaceSchema,
      handler: async ({ params, principal }) => {
        const w = await store.byRoom(params.roomId);
        // one not given to the caller is the same answer as none: its name and services stay unseen
        if (!w || !(await store.mayUse(principal, w.slug))) throw fail.notFound('workspace');
        return wire(w, await store.bindings(w.slug));
      },
    }),
  ];
}
