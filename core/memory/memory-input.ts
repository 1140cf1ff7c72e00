// The validated shape of a memory write (zod), shared by the store, the model's tools and the HTTP layer.
import { z } from 'zod';
import { toDbTime } from '../db/sql-values.ts';
import { safeText } from '../text/safe-text-schema.ts';

export const memoryKinds = [
  'fact',
  'preference',
  'decision',
  'entity',
  'constraint',
  'observation',
  'episodic',
] as const;
export const importances = ['core', 'contextual'] as const;
export const provenances = ['user_stated', 'model_inference', 'notepad', 'imported', 'owner_set'] as const;
export const stabilityTiers = ['volatile', 'stable', 'permanent'] as const;

export type MemoryKind = (typeof memoryKinds)[number];
export type Importance = (typeof importances)[number];
export type Provenance = (typeof provenances)[number];
export type StabilityTier = (typeof stabilityTiers)[number];

export const MAX_CONTENT_CHARS = 2000;
export const MAX_TAGS = 20;

/** One tag: a short lowercased label that starts with a letter or digit. */
export const tagSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'a tag cannot be empty')
  .max(40, 'a tag is at most 40 characters')
  .regex(
    /^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u,
    'a tag is letters, digits, spaces, _ or -, starting with a letter or digit',
  );

/** Up to 20 tags, deduplicated after lowercasing. */
export const tagsSchema = z
  .array(tagSchema)
  .max(MAX_TAGS, `at most ${MAX_TAGS} tags`)
  .transform((tags) => [...new Set(tags)]);

/** A workspace slug or user id as stored in the varchar slice columns. */
export const workspaceSchema = z.string().trim().min(1).max(64);
export const userIdSchema = z.string().trim().min(1).max(128);

const contentSchema = safeText({
  min: 1,
  max: MAX_CONTENT_CHARS,
  empty: 'content cannot be empty',
  tooLong: `content is at most ${MAX_CONTENT_CHARS} characters`,
});

/** An ISO datetime that must lie after `now()`; past expiry is a mistake, not a way to delete. */
function futureDate(now: () => Date) {
  return z.iso
    .datetime({ offset: true, message: 'expiresAt must be an ISO datetime' })
    .transform((s) => new Date(s))
    .refine((d) => d.getTime() > now().getTime(), 'expiresAt must be in the future');
}

/** Builds the memory input schema against a clock (the store passes its own; the default is wall time). */
export function makeMemoryInputSchema(now: () => Date = () => new Date()) {
  return z.strictObject({
    content: contentSchema,
    kind: z.enum(memoryKinds).default('fact'),
    importance: z.enum(importances).default('contextual'),
    tags: tagsSchema.default([]),
    confidence: z.number().min(0).max(1).default(0.9),
    expiresAt: futureDate(now).nullable().default(null),
    surfaceOnce: z.boolean().default(false),
  });
}

/** What a memory says: content, kind, importance, tags, confidence, expiry and surface-once. */
export const memoryInputSchema = makeMemoryInputSchema();
export type MemoryInput = z.input<typeof memoryInputSchema>;
export type ParsedMemoryInput = z.output<typeof memoryInputSchema>;

/** Builds the partial schema an owner edit is validated with (nothing defaulted, at least one field). */
export function makeMemoryPatchSchema(now: () => Date = () => new Date()) {
  return z
    .strictObject({
      content: contentSchema,
      kind: z.enum(memoryKinds),
      importance: z.enum(importances),
      tags: tagsSchema,
      confidence: z.number().min(0).max(1),
      expiresAt: futureDate(now).nullable(),
      surfaceOnce: z.boolean(),
    })
    .partial()
    .refine((p) => Object.keys(p).length > 0, 'an edit must change at least one field');
}

/** An owner's edit of an existing memory. */
export const memoryPatchSchema = makeMemoryPatchSchema();
export type MemoryPatch = z.input<typeof memoryPatchSchema>;

/** Where a memory lives and where it came from: owner (null = household-wide), workspace, provenance, sources. */
export const memoryOriginSchema = z.strictObject({
  ownerUserId: userIdSchema.nullable(),
  workspace: workspaceSchema.nullable(),
  provenance: z.enum(provenances),
  stability: z.enum(stabilityTiers).default('stable'),
  sourceNoteIds: z.array(z.number().int().positive()).max(100).default([]),
  quote: safeText({ min: 1, max: MAX_CONTENT_CHARS }).nullable().default(null),
});
export type MemoryOrigin = z.input<typeof memoryOriginSchema>;
export type ParsedMemoryOrigin = z.output<typeof memoryOriginSchema>;

/** Column names of the owner-editable fields, in the patch's property names. */
const PATCH_COLUMNS: Record<string, string> = {
  content: 'content',
  kind: 'kind',
  importance: 'importance',
  tags: 'tags',
  confidence: 'confidence',
  expiresAt: 'expires_at',
  surfaceOnce: 'surface_once',
};

/** A parsed patch as `column = ?` assignments and their stored values (tags as JSON, times as UTC text). */
export function patchAssignments(patch: Record<string, unknown>): { sets: string[]; params: unknown[] } {
  const sets: string[] = [];
  const params: unknown[] = [];
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    sets.push(`${PATCH_COLUMNS[key]} = ?`);
    if (key === 'tags') params.push(JSON.stringify(value));
    else if (value instanceof Date) params.push(toDbTime(value));
    else if (typeof value === 'boolean') params.push(value ? 1 : 0);
    else params.push(value);
  }
  return { sets, params };
}
