// The validated shape of a note append and of a tenant slice (zod): who may read the material a note holds.
import { z } from 'zod';
import { userIdSchema, workspaceSchema } from './memory-input.ts';

export const noteVisibilities = ['private', 'workspace', 'shared'] as const;
export const noteSourceKinds = ['chat_turn', 'notepad', 'document', 'plugin'] as const;

export type NoteVisibility = (typeof noteVisibilities)[number];
export type NoteSourceKind = (typeof noteSourceKinds)[number];

export const MAX_NOTE_CHARS = 100_000;

/**
 * A tenant slice. The three families are disjoint so every note belongs to exactly one:
 * private (one owner, personal or in a workspace), workspace (a workspace, no owner), shared (household, neither).
 */
export const noteSliceSchema = z
  .strictObject({
    workspace: workspaceSchema.nullable(),
    visibility: z.enum(noteVisibilities),
    ownerUserId: userIdSchema.nullable(),
  })
  .superRefine((s, ctx) => {
    if (s.visibility === 'private' && s.ownerUserId === null) {
      ctx.addIssue({ code: 'custom', path: ['ownerUserId'], message: 'a private note needs its owner' });
    }
    if (s.visibility !== 'private' && s.ownerUserId !== null) {
      ctx.addIssue({ code: 'custom', path: ['ownerUserId'], message: `a ${s.visibility} note has no owner` });
    }
    if (s.visibility === 'workspace' && s.workspace === null) {
      ctx.addIssue({ code: 'custom', path: ['workspace'], message: 'a workspace note needs its workspace' });
    }
    if (s.visibility === 'shared' && s.workspace !== null) {
      ctx.addIssue({ code: 'custom', path: ['workspace'], message: 'a shared note is household-wide' });
    }
  });
export type NoteSlice = z.output<typeof noteSliceSchema>;

/** A note to append: its slice, where it came from, when it happened and its text. */
export const noteAppendSchema = z.strictObject({
  slice: noteSliceSchema,
  sourceKind: z.enum(noteSourceKinds),
  sourceId: z.string().trim().min(1).max(256).nullable().default(null),
  occurredAt: z.union([z.date(), z.iso.datetime({ offset: true }).transform((s) => new Date(s))]).optional(),
  text: z
    .string()
    .trim()
    .min(1, 'a note cannot be empty')
    .max(MAX_NOTE_CHARS, `a note is at most ${MAX_NOTE_CHARS} characters`),
});
export type NoteAppend = z.input<typeof noteAppendSchema>;

/** The replacement text of an edited note. */
export const noteTextSchema = noteAppendSchema.shape.text;
