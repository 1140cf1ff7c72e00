// GET/PUT/DELETE /workspaces/:slug/members(/:userId): the owner says who may use a workspace besides the owners.
import { z } from 'zod';
import { fail } from '../contracts/errors.ts';
import { defineRoute } from '../contracts/route-definition.ts';
import type { WorkspaceStore } from './workspace-store.ts';

const slugParam = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/);
const memberParams = z.object({ slug: slugParam, userId: z.string().min(1).max(64) });
/** A workspace's granted members on the wire (the admin UI's type of it too). */
export const membersSchema = z.strictObject({
  members: z.array(z.strictObject({ user_id: z.string(), display_name: z.string() })),
});

/** What the routes read of a person (workspaces sit below auth: they take the person, not the user store). */
interface Person {
  id: string;
  displayName: string;
  role: 'owner' | 'member';
  removedAt: Date | null;
}

/** The membership endpoints; `findPerson` reads a household user by id. */
export function workspaceMemberRoutes(
  store: WorkspaceStore,
  findPerson: (id: string) => Promise<Person | null>,
) {
  const listed = async (slug: string) => {
    const rows = await store.members(slug);
    const people = await Promise.all(rows.map((r) => findPerson(r.userId)));
    return {
      members: people
        .filter((p): p is Person => Boolean(p && !p.removedAt))
        .map((p) => ({ user_id: p.id, display_name: p.displayName })),
    };
  };
  const memberToGrant = async (slug: string, userId: string) => {
    if (!(await store.get(slug))) throw fail.notFound('workspace');
    const person = await findPerson(userId);
    if (!person || person.removedAt) throw fail.notFound('person');
    if (person.role === 'owner')
      throw fail.badRequest(`${person.displayName} is an owner and can already use every workspace`);
    return person;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/workspaces/:slug/members',
      auth: 'owner',
      summary: 'Who besides the owners may use a workspace',
      params: z.object({ slug: slugParam }),
      response: membersSchema,
      handler: async ({ params }) => {
        if (!(await store.get(params.slug))) throw fail.notFound('workspace');
        return listed(params.slug);
      },
    }),
    defineRoute({
      method: 'PUT',
      path: '/workspaces/:slug/members/:userId',
      auth: 'owner',
      summary: 'Lets a member use a workspace (its sessions, its listing and its knowledge)',
      params: memberParams,
      response: membersSchema,
      handler: async ({ params, principal }) => {
        await memberToGrant(params.slug, params.userId);
        await store.grant(params.slug, params.userId, principal.userId);
        return listed(params.slug);
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/workspaces/:slug/members/:userId',
      auth: 'owner',
      summary: 'Takes a workspace away from a member; their next turn there is refused',
      params: memberParams,
      response: membersSchema,
      handler: async ({ params }) => {
        await memberToGrant(params.slug, params.userId);
        await store.revoke(params.slug, params.userId);
        return listed(params.slug);
      },
    }),
  ];
}
