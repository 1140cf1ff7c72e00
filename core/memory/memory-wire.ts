// A memory on the wire (snake_case, dates as ISO strings): the schema /openapi.json publishes and the mapping.
import { z } from 'zod';
import { wireTime } from '../contracts/wire-schemas.ts';
import type { Memory } from './memory.entity.ts';
import { importances, memoryKinds, provenances } from './memory-input.ts';

export const memorySchema = z.strictObject({
  id: z.number(),
  content: z.string(),
  kind: z.enum(memoryKinds),
  importance: z.enum(importances),
  tags: z.array(z.string()),
  confidence: z.number(),
  owner_user_id: z.string().nullable(),
  workspace: z.string().nullable(),
  provenance: z.enum(provenances),
  expires_at: wireTime.nullable(),
  surface_once: z.boolean(),
  archived_at: wireTime.nullable(),
  created_at: wireTime,
});

/** The JSON shape of a memory. */
export function memoryWire(m: Memory): z.output<typeof memorySchema> {
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
