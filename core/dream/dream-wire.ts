// Dream's JSON on the wire (the owner's status and listings), as zod schemas for /openapi.json and the handlers.
import { z } from 'zod';
import { wireTime } from '../contracts/wire-schemas.ts';
import { COUNTER_COLUMNS, type CounterColumn } from './run-counters.ts';

/** Which slice of the notes log: a workspace, a visibility and (for private notes) whose. */
export const sliceSchema = z.strictObject({
  workspace: z.string(),
  visibility: z.string(),
  owner_user_id: z.string().nullable(),
});
const flagSource = z.enum(['stored', 'env', 'error']);

export const flagsSchema = z.strictObject({
  workspace: z.string(),
  enabled: z.boolean(),
  allow_llm_text: z.boolean(),
  enrolled: z.boolean(),
  semantic_dedup: z.boolean(),
  sources: z.strictObject({ allow_llm_text: flagSource, enrolled: flagSource, semantic_dedup: flagSource }),
  error: z.string().optional(),
});

// typed per column, so a reader of a run (the admin UI) sees each counter by name
const counterShape = Object.fromEntries(
  Object.values(COUNTER_COLUMNS).map((col) => [col, z.number()]),
) as Record<CounterColumn, z.ZodNumber>;

export const runSchema = z.strictObject({
  id: z.number(),
  slice: sliceSchema,
  cause: z.string(),
  status: z.string(),
  started_at: wireTime,
  finished_at: wireTime.nullable(),
  ...counterShape,
  error: z.string().nullable(),
});

export const retiredSchema = z.strictObject({
  id: z.number(),
  note_id: z.number(),
  note_seq: z.number(),
  slice: sliceSchema,
  attempts: z.number(),
  reason: z.string(),
  detail: z.string(),
  run_id: z.number().nullable(),
  retired_at: wireTime,
});

const belief = z.strictObject({ id: z.number(), content: z.string() });
export const reviewSchema = z.strictObject({
  id: z.number(),
  run_id: z.number().nullable(),
  slice: sliceSchema,
  kind: z.string(),
  subject: z.string(),
  older: belief,
  newer: belief,
  valid_until: wireTime,
  status: z.string(),
  created_at: wireTime,
});

/** GET /brain/dream/status. */
export const statusSchema = z.strictObject({
  enabled: z.boolean(),
  running: z.boolean(),
  schedule: z.strictObject({ cron: z.string(), next_run_at: z.string().nullable() }).nullable(),
  defaults: z.strictObject({
    allow_llm_text: z.boolean(),
    workspaces: z.array(z.string()).readonly(),
    semantic_dedup: z.boolean(),
  }),
  workspaces: z.array(flagsSchema),
  slices: z.array(
    sliceSchema.extend({
      key: z.string(),
      cursor: z
        .strictObject({
          seq: z.number(),
          last_occurred_at: wireTime.nullable(),
          last_note_id: z.number().nullable(),
          updated_at: wireTime.nullable(),
        })
        .nullable(),
      notes_total: z.number(),
      notes_consumed: z.number(),
      notes_pending: z.number(),
      retry_queue: z.number(),
    }),
  ),
  last_run: runSchema.nullable(),
  recent_runs: z.array(runSchema),
  retired_notes: z.array(retiredSchema),
  reviews: z.array(reviewSchema),
});

/** A page of a listing: the next page's `before_id`, or null on the last. */
const nextBefore = z.number().nullable();
export const settingsListSchema = z.strictObject({
  workspaces: z.array(flagsSchema.extend({ name: z.string() })),
});
export const retiredListSchema = z.strictObject({
  notes: z.array(retiredSchema),
  total: z.number(),
  next_before_id: nextBefore,
});
export const reviewListSchema = z.strictObject({
  reviews: z.array(reviewSchema),
  counts: z.record(z.string(), z.number()),
  next_before_id: nextBefore,
});
