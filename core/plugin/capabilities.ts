// The narrow capabilities a plugin gets on its context; each one is a small interface, never a core object.

import type { EditOutcome, ProposeInput, Resolution } from '../approvals/approval-queue.ts';
import type { User } from '../auth/user.entity.ts';
import type { ApprovalKindDefinition, Approver, ProposalView } from '../contracts/approval-kind.ts';
import type { AuditRecord } from '../contracts/audit-record.ts';
import type { ApprovalSource } from '../contracts/contributions.ts';
import type { Disposable } from '../contracts/disposable.ts';
import type { RouteAuth, RouteDefinition } from '../contracts/route-definition.ts';
import type { HookSignatures, PluginHookPoint } from '../engine/engine-hooks.ts';
import type { ToolCallAs, ToolCallResult } from '../engine/tool-calls.ts';
import type { TurnCall, TurnOutcome } from '../engine/turns.ts';
import type { Note } from '../memory/note.entity.ts';
import type { NoteAppend } from '../memory/note-input.ts';
import type { Workspace } from '../workspaces/workspace.entity.ts';

/** Appends raw material (notepad jots, ingested documents) to the notes log for Dream to consolidate. */
export interface NotesCapability {
  append(input: NoteAppend): Promise<Note>;
}

/** Hands over a person's memories marked surface-once (e.g. for the daily briefing); each is handed over only once. */
export interface MemoriesCapability {
  takeSurfaceOnce(userId: string, limit?: number): Promise<{ id: number; content: string }[]>;
}

/** Options for a notification. */
export interface NotifyOptions {
  urgency?: 'high' | 'normal' | 'low';
  /** Routes a Matrix reply to this notification to the named reply handler (see `ctx.replies`) with `ref`. */
  replyTo?: { handler: string; ref: string };
}

/** Queues a Matrix DM for a household user: persisted, delivered while Matrix runs, kept while it is off. */
export type NotifyCapability = (
  userId: string,
  text: string,
  opts?: NotifyOptions,
) => Promise<{ id: string; state: 'queued' | 'sent' | 'failed' }>;

/** Runs a conversation turn (e.g. a guest message) and answers with a typed outcome. */
export interface TurnsCapability {
  run(call: TurnCall): Promise<TurnOutcome>;
}

/** Calls another plugin's tool as a person (e.g. applying an approved proposal); absent when that plugin is off. */
export interface ToolCallsCapability {
  has(name: string): boolean;
  /** Whether a child may ask a parent for this tool (not money, not owner-only, not a deletion). */
  askable(name: string): boolean;
  call(name: string, input: unknown, as: ToolCallAs): Promise<ToolCallResult>;
}

/** Adds a function at an engine hook point; the host removes it when the plugin is disabled. */
export interface HooksCapability {
  add<K extends PluginHookPoint>(point: K, fn: HookSignatures[K]): Disposable;
}

/** A household member as a plugin sees them. */
export interface Person {
  id: string;
  displayName: string;
  role: 'owner' | 'member';
  matrixIds: string[];
  email: string | null;
  locale: string;
  timezone: string;
}

/** Looks household members up. */
export interface PeopleCapability {
  get(id: string): Promise<Person | null>;
  byMatrixId(mxid: string): Promise<Person | null>;
  byEmail(email: string): Promise<Person | null>;
  /** Every owner, oldest first. */
  owners(): Promise<Person[]>;
  list(): Promise<Person[]>;
}

/** Reads workspaces; `onCreated` is removed when the plugin is disabled. */
export interface WorkspacesCapability {
  get(slug: string): Promise<Readonly<Workspace> | null>;
  list(): Promise<readonly Readonly<Workspace>[]>;
  /** The workspaces this person may use (owners: every one; members: those granted them); none for an unknown id. */
  listFor(userId: string): Promise<readonly Readonly<Workspace>[]>;
  onCreated(fn: (w: Readonly<Workspace>) => void | Promise<void>): Disposable;
  /** The workspace's binding of a service (which data it sees, its tier ceiling), or null when it is not bound. */
  binding(slug: string, service: string): Promise<ServiceBinding | null>;
}

/** A service bound to a workspace, as a plugin sees it (e.g. finance with `dataWindow: {budget}`). */
export interface ServiceBinding {
  service: string;
  dataWindow: Readonly<Record<string, unknown>>;
  maxTier: number;
}

/** Records an action taken for a person in the audit trail; a failed write is logged, never thrown. */
export interface AuditCapability {
  record(record: AuditRecord): Promise<void>;
}

/** Serves HTTP routes under `/plugins/<id>`: auth, validation and the error envelope are the host's. */
export interface HttpCapability {
  route<
    A extends RouteAuth,
    B extends import('zod').ZodType | undefined = undefined,
    Q extends import('zod').ZodType | undefined = undefined,
    P extends import('zod').ZodType | undefined = undefined,
    R extends import('zod').ZodType | undefined = undefined,
  >(def: RouteDefinition<A, B, Q, P, R>): Disposable;
}

/**
 * The approvals queue: a plugin registers the kinds it produces (payload schema, audience, apply) and files
 * proposals of those kinds; it acts on rows on a person's behalf, with that person's visibility.
 */
export interface ApprovalsCapability {
  /** Registers a kind this plugin produces and applies; removed when the plugin is disabled. */
  registerKind<P extends Record<string, unknown>>(def: ApprovalKindDefinition<P>): Disposable;
  /** Files a proposal of one of this plugin's kinds (its source_kind is the plugin id). */
  propose(input: Omit<ProposeInput, 'sourceKind'>): Promise<ProposalView>;
  /** Open rows waiting on a person (owners also see owners rows); `own: true` keeps this plugin's rows only. */
  pending(by: Approver, opts?: { own?: boolean }): Promise<ProposalView[]>;
  /** This plugin's rows for one of its sources, any state. */
  bySource(sourceId: string): Promise<ProposalView[]>;
  get(id: number, by: Approver): Promise<ProposalView>;
  approve(
    id: number,
    by: Approver,
    opts?: { edit?: Record<string, unknown> } & Resolution,
  ): Promise<ProposalView>;
  edit(id: number, by: Approver, text: string, r?: Resolution): Promise<EditOutcome>;
  reject(id: number, by: Approver, r?: Resolution): Promise<ProposalView>;
  defer(id: number, by: Approver, r?: Resolution): Promise<ProposalView>;
  /** Lists other things waiting on people that are not proposals (the notepad's questions), for `!quorra approvals`. */
  add(source: ApprovalSource): Disposable;
}

/** The plugin-facing view of a stored user. */
export function toPerson(u: User): Person {
  return {
    id: u.id,
    displayName: u.displayName,
    role: u.role,
    matrixIds: [...u.matrixIds],
    email: u.email,
    locale: u.locale,
    timezone: u.timezone,
  };
}
