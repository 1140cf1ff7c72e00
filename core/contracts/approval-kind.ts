// What a producer registers for each kind of proposal: its payload schema, who sees it, how it reads and how it is applied. The engine's registry holds these, so they sit on the ground floor.
import type { z } from 'zod';

/** draft → approved (claimed, applying) → applied | failed (back in review); rejected; deferred (still open). */
export const PROPOSAL_STATES = ['draft', 'approved', 'applied', 'rejected', 'deferred', 'failed'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/** Who a row waits on: its one person (`user_id`), or the household's owners (e.g. a guest reply). */
export const PROPOSAL_AUDIENCES = ['person', 'owners'] as const;
export type ProposalAudience = (typeof PROPOSAL_AUDIENCES)[number];

/** Who acts on a row. */
export interface Approver {
  userId: string;
  role: 'owner' | 'member';
}

/** One labelled field of a card; `untrusted` marks text from a guest or the model (shown as data, never as markup). */
export interface ProposalField {
  label: string;
  value: string;
  untrusted?: boolean;
}

/** What applying said: done (with a short note), or failed with the reason shown to the person. */
export type ApplyResult = { ok: true; result?: string } | { ok: false; error: string };

/** What an apply gets besides the payload. */
export interface ApplyContext {
  id: number;
  sourceId: string;
  /** The person on whose behalf it is applied (the approver). */
  by: Approver;
  /** Stable per row: an upstream that honours it (the PMS) never acts twice for one row, whatever is retried. */
  idempotencyKey: string;
}

/** A kind of proposal, registered by the plugin that produces and applies it. */
export interface ApprovalKindDefinition<P extends Record<string, unknown> = Record<string, unknown>> {
  kind: string;
  payload: z.ZodType<P>;
  /** `owners`: only owners can see or act on its rows (a guest reply); `person`: only the row's person. */
  audience: ProposalAudience;
  /** One plain line: what approving will do. */
  describe(payload: P): string;
  /** Structured fields for a card (default: the describe line). */
  fields?(payload: P): ProposalField[];
  /** Button words, e.g. Send / Edit and send / Discard for a guest reply. */
  labels?: { approve?: string; edit?: string; reject?: string };
  /**
   * What Edit does: `field` replaces that payload field with the person's text and applies it (edit and send);
   * `revise` hands the text to the producer (the notepad withdraws the row and triages its jot again).
   */
  edit?:
    | { field: keyof P & string }
    | { revise(row: ProposalView, text: string, by: Approver): Promise<unknown> };
  /** Why it cannot be applied right now (its tool's plugin is off, the PMS is not configured), or null. */
  blocked?(payload: P): string | null;
  apply(payload: P, ctx: ApplyContext): Promise<ApplyResult>;
  /** Runs after a person settled a row (approved, rejected, deferred) with an optional note to remember. */
  settled?(row: ProposalView, how: { by: Approver; remember?: string }): Promise<void>;
}

/** A row as people, routes and producers see it. */
export interface ProposalView {
  id: number;
  kind: string;
  audience: ProposalAudience;
  userId: string | null;
  summary: string;
  fields: ProposalField[];
  payload: Record<string, unknown>;
  state: ProposalState;
  sourceKind: string;
  sourceId: string;
  error: string | null;
  result: string | null;
  /** Null when it can be applied; otherwise why not (its plugin is off, …). */
  blocked: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}
