// The owner's Dream controls over HTTP: switches per workspace, retired notes and contradictions (paged), review answers.
import type { z } from 'zod';
import type { reviewAnswered } from '../../../core/dream/dream-routes.ts';
import type {
  retiredListSchema,
  reviewListSchema,
  settingsListSchema,
} from '../../../core/dream/dream-wire.ts';
import { apiRequest } from './api-client.ts';
import { sliceLabel } from './dream.ts';

/** One workspace's Dream switches as the page shows them. */
export interface DreamSwitch {
  workspace: string;
  name: string;
  /** Dream consolidates this workspace (text may go to the model and it is enrolled). */
  enabled: boolean;
  semanticDedup: boolean;
  /** True when the owner set a value; false when it is the server's default. */
  setByOwner: boolean;
  error: string | null;
}

/** A note Dream gave up on. */
export interface RetiredNoteView {
  id: number;
  noteId: number;
  slice: string;
  attempts: number;
  reason: string;
  detail: string;
  retiredAt: string;
}

/** A contradiction Dream kept for the owner. */
export interface ReviewView {
  id: number;
  slice: string;
  subject: string;
  older: string;
  newer: string;
  status: string;
  createdAt: string;
}

/** One page of a listing and where the next one starts. */
export interface Page<T> {
  items: T[];
  next: number | null;
}

/** The routes' zod schemas are the wire types: a changed reply breaks this module's type check. */
type SettingsWire = z.input<typeof settingsListSchema>;
type RetiredWire = z.input<typeof retiredListSchema>;
type ReviewsWire = z.input<typeof reviewListSchema>;

/** Every workspace's switches (personal first). */
export async function fetchDreamSwitches(): Promise<DreamSwitch[]> {
  const body = await apiRequest<SettingsWire>('/brain/dream/settings');
  return body.workspaces.map((w) => ({
    workspace: w.workspace,
    name: w.name || w.workspace,
    enabled: w.enabled,
    semanticDedup: w.semantic_dedup,
    setByOwner: w.sources.enrolled === 'stored' || w.sources.allow_llm_text === 'stored',
    error: w.error || null,
  }));
}

/**
 * Turns Dream on or off for a workspace. On means both enrolled and allowed to send note text to the model (the
 * page says so next to the switch); off only un-enrolls, so the consent stays as the owner left it.
 */
export async function setDreamEnabled(workspace: string, on: boolean): Promise<void> {
  await apiRequest(`/brain/dream/settings/${encodeURIComponent(workspace)}`, {
    method: 'PUT',
    body: on ? { enrolled: true, allow_llm_text: true } : { enrolled: false },
  });
}

/** Turns semantic matching on or off for a workspace. */
export async function setSemanticDedup(workspace: string, on: boolean): Promise<void> {
  await apiRequest(`/brain/dream/settings/${encodeURIComponent(workspace)}`, {
    method: 'PUT',
    body: { semantic_dedup: on },
  });
}

const pageQuery = (limit: number, before: number | null) =>
  `limit=${limit}${before !== null ? `&before_id=${before}` : ''}`;

/** A page of retired notes, newest first, and how many there are in all. */
export async function fetchRetiredNotes(
  before: number | null,
  limit = 10,
): Promise<Page<RetiredNoteView> & { total: number }> {
  const body = await apiRequest<RetiredWire>(`/brain/dream/retired-notes?${pageQuery(limit, before)}`);
  return {
    total: body.total,
    next: body.next_before_id,
    items: body.notes.map((n) => ({
      id: n.id,
      noteId: n.note_id,
      slice: sliceLabel(n.slice),
      attempts: n.attempts,
      reason: n.reason,
      detail: n.detail,
      retiredAt: n.retired_at,
    })),
  };
}

/** A page of contradictions in one state, newest first. */
export async function fetchReviews(
  status: 'open' | 'resolved',
  before: number | null,
  limit = 10,
): Promise<Page<ReviewView> & { counts: Record<string, number> }> {
  const body = await apiRequest<ReviewsWire>(
    `/brain/dream/reviews?status=${status}&${pageQuery(limit, before)}`,
  );
  return {
    counts: body.counts,
    next: body.next_before_id,
    items: body.reviews.map((r) => ({
      id: r.id,
      slice: sliceLabel(r.slice),
      subject: r.subject,
      older: r.older.content,
      newer: r.newer.content,
      status: r.status,
      createdAt: r.created_at,
    })),
  };
}

/** Accepts the newer belief, or reverts to the older; answers the review's new state. */
export async function resolveReview(id: number, decision: 'accept' | 'revert'): Promise<string> {
  const body = await apiRequest<z.input<typeof reviewAnswered>>(`/brain/dream/reviews/${id}`, {
    method: 'POST',
    body: { decision },
  });
  return body.status;
}
