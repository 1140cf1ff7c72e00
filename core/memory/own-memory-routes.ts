// A member's own memories beyond /memory: the full listing (search, filters, paging, archived), restore, delete for good.
import { z } from 'zod';
import { fail } from '../contracts/errors.ts';
import { defineRoute } from '../contracts/route-definition.ts';
import { listedMemories, listedWire, listingFilters, listingQuery } from './memory-listing-wire.ts';
import type { MemoryStore } from './memory-store.ts';
import { memorySchema, memoryWire } from './memory-wire.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });

/** GET /memory/mine, POST /memory/:id/restore, DELETE /memory/:id/permanently — only ever the caller's own rows. */
export function ownMemoryRoutes(store: MemoryStore, names: () => Promise<Map<string, string>>) {
  /** The caller's own memory by id, whatever its state; anyone else's is "not found". */
  const own = async (userId: string, id: number) => {
    const row = await store.getForOwner(id);
    if (!row || row.ownerUserId !== userId) throw fail.notFound('memory');
    return row;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/memory/mine',
      auth: 'member',
      summary: 'The caller’s own memories: search, filters, archived, paged by before_id',
      response: listedMemories,
      query: listingQuery.omit({ owner_user_id: true }),
      handler: async ({ principal, query }) => {
        // the owner filter is forced, not offered: this listing can only ever show the caller's rows
        const rows = await store.listForOwner({ ...listingFilters(query), ownerUserId: principal.userId });
        const known = await names();
        return { memories: rows.map((r) => listedWire(r, principal.userId, known)) };
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/memory/:id/restore',
      auth: 'member',
      summary: 'Brings back one of the caller’s archived memories',
      response: memorySchema,
      params: idParam,
      handler: async ({ principal, params }) => {
        const row = await own(principal.userId, params.id);
        const m = await store.restore(row.id);
        if (!m) throw fail.notFound('memory');
        return memoryWire(m);
      },
    }),
    defineRoute({
      method: 'DELETE',
      path: '/memory/:id/permanently',
      auth: 'member',
      summary: 'Deletes one of the caller’s memories for good',
      response: z.strictObject({ deleted: z.number() }),
      params: idParam,
      handler: async ({ principal, params }) => {
        const row = await own(principal.userId, params.id);
        await store.purge(row.id);
        return { deleted: row.id };
      },
    }),
  ];
}
