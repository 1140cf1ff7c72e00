// A memory listing over HTTP (the owner's and a member's own): the query, its filters, and rows labelled for the viewer.
import { z } from 'zod';
import { memorySchema, memoryWire } from './memory-wire.ts';
import { type OwnerListedMemory, ownerListFiltersSchema } from './owner-listing.ts';
import { importanceLabel, provenanceLabelFor } from './provenance-labels.ts';

/** The query string of a listing; values are parsed by the store's filter schema. */
export const listingQuery = z
  .object({
    workspace: z.string().optional(),
    owner_user_id: z.string().optional(),
    kind: z.string().optional(),
    importance: z.string().optional(),
    provenance: z.string().optional(),
    archived: z.string().optional(),
    unreachable: z.enum(['true', 'false']).optional(),
    q: z.string().optional(),
    limit: z.coerce.number().optional(),
    before_id: z.coerce.number().optional(),
  })
  .strict();

/** The filters a query asks for (`personal` = no workspace, `household` = the household's own rows). */
export function listingFilters(q: z.infer<typeof listingQuery>) {
  return ownerListFiltersSchema.parse({
    ...(q.workspace !== undefined ? { workspace: q.workspace === 'personal' ? null : q.workspace } : {}),
    ...(q.owner_user_id !== undefined
      ? { ownerUserId: q.owner_user_id === 'household' ? null : q.owner_user_id }
      : {}),
    kind: q.kind,
    importance: q.importance,
    provenance: q.provenance,
    archived: q.archived,
    unreachable: q.unreachable === undefined ? undefined : q.unreachable === 'true',
    q: q.q,
    limit: q.limit,
    beforeId: q.before_id,
  });
}

const listedSchema = memorySchema.extend({
  owner_name: z.string().nullable(),
  provenance_label: z.string(),
  importance_label: z.string(),
  unreachable: z.boolean(),
  unreachable_reason: z.string().optional(),
  expired: z.boolean(),
  superseded: z.boolean(),
});
/** A listing's answer. */
export const listedMemories = z.strictObject({ memories: z.array(listedSchema) });

/** A listed memory with its states, and labels in words for whoever is looking ("Max told Quorra"). */
export function listedWire(
  r: OwnerListedMemory,
  viewerId: string,
  names: Map<string, string>,
): z.output<typeof listedSchema> {
  const ownerId = r.memory.ownerUserId;
  const ownerName = ownerId ? (names.get(ownerId) ?? null) : null;
  return {
    ...memoryWire(r.memory),
    owner_name: ownerName,
    provenance_label: provenanceLabelFor(r.memory.provenance, { ownerUserId: ownerId, ownerName, viewerId }),
    importance_label: importanceLabel[r.memory.importance],
    unreachable: r.unreachable,
    ...(r.unreachable
      ? {
          unreachable_reason:
            'It has no word or tag that a search could match, so recall never finds it: add a tag or some words.',
        }
      : {}),
    expired: r.expired,
    superseded: r.superseded,
  };
}
