// Seeds Dream's own tables through Dream's own stores (runs, retired notes, contradictions) in a booted app.
import { DreamReview } from '../../../core/dream/dream-review.entity.ts';
import { type RunCounters, zeroCounters } from '../../../core/dream/run-counters.ts';
import type { NoteSlice } from '../../../core/memory/note-input.ts';
import type { BootedApp } from '../../support/boot-app.ts';

/** A finished run of `slice` with these counters (the rest zero); returns its id. */
export async function seedRun(
  app: BootedApp,
  slice: NoteSlice,
  counters: Partial<RunCounters>,
  status: 'ok' | 'error' = 'ok',
): Promise<number> {
  const runs = app.quorra.dream.runner.runs;
  const id = await runs.start(slice, 'scheduled');
  await runs.finish(
    id,
    status,
    { ...zeroCounters(), ...counters },
    status === 'error' ? 'model down' : null,
    null,
  );
  return id;
}

/** A note of `slice` retired with this reason after three attempts. */
export async function seedRetired(
  app: BootedApp,
  slice: NoteSlice,
  noteId: number,
  reason: 'malformed' | 'timeout',
) {
  await app.quorra.dream.runner.retries.retire(
    { id: noteId, seq: noteId },
    slice,
    3,
    reason,
    `${reason} answer`,
    null,
  );
}

/** Two beliefs of `ownerId`, the older superseded by the newer, and the open review Dream keeps for them. */
export async function seedContradiction(app: BootedApp, ownerId: string, older: string, newer: string) {
  const { store } = app.quorra.memory;
  const origin = { ownerUserId: ownerId, workspace: null, provenance: 'model_inference' as const };
  const a = await store.create({ content: older, tags: ['car'] }, origin);
  const b = await store.create({ content: newer, tags: ['car'] }, origin);
  const until = new Date();
  await store.supersede(a.id, b.id, until);
  const review = await app.quorra.db.getRepository(DreamReview).save({
    runId: null,
    sliceKey: `personal|private|${ownerId}`,
    workspace: null,
    visibility: 'private',
    ownerUserId: ownerId,
    kind: 'fact',
    subject: `${ownerId}'s car`,
    olderMemoryId: a.id,
    newerMemoryId: b.id,
    validUntil: until,
    status: 'open',
    createdAt: new Date(),
  });
  return { a, b, review };
}
