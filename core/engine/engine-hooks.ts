// Extension points of the engine: what other core modules add to a turn without the engine knowing them.

import type { ToolDefinition } from '../contracts/define-tool.ts';
import { type Disposable, toDisposable } from '../contracts/disposable.ts';
import type { Principal } from '../contracts/principal.ts';
import type { Steps } from '../db/sql-values.ts';
import type { Session } from '../sessions/session.entity.ts';
import type { ToolCallRecord } from './chat-loop.ts';

/** One core memory as the prompt shows it. */
export interface CoreMemoryLine {
  text: string;
  /** About the whole household (the same for everyone) rather than the person speaking. */
  household: boolean;
}

/** What a hook sees of the turn. */
export interface TurnInfo {
  principal: Principal;
  session: Session;
  message: string;
}

/** The hook points and their signatures. */
export interface HookSignatures {
  /**
   * Lines for the core-memories slots of the system prompt: `household` ones go to the prefix every person shares,
   * the others to the person's own part.
   */
  coreMemories: (turn: TurnInfo) => Promise<CoreMemoryLine[]> | CoreMemoryLine[];
  /** Extra prompt sections after core memories (e.g. the user's workspaces). */
  context: (turn: TurnInfo) => Promise<string | undefined> | string | undefined;
  /** Narrows the tools offered on a turn (e.g. a workspace binding's tier ceiling); may only remove. */
  filterTools: (
    turn: TurnInfo,
    tools: ToolDefinition<any>[],
  ) => Promise<ToolDefinition<any>[]> | ToolDefinition<any>[];
  /** Checks a new or re-scoped session before anything is stored; throw a QuorraError to refuse. */
  validateSession: (session: Session, principal: Principal) => Promise<void> | void;
  /** Checks every turn, new session or not, that the principal may still use it (e.g. a revoked workspace). */
  admitTurn: (session: Session, principal: Principal) => Promise<void> | void;
  /** Checks a tool call run outside a conversation (an approved proposal) in a workspace; throw to refuse. */
  admitWorkspace: (principal: Principal, workspace: string) => Promise<void> | void;
  /**
   * Reviews a finished reply against the tool calls of its turn, before it is stored or sent; returns a corrected
   * reply, or nothing to keep it (e.g. the model claims a reminder is set although reminder_set failed).
   */
  reviewReply: (
    turn: TurnInfo & { reply: string; calls: ToolCallRecord[] },
  ) => Promise<string | undefined> | string | undefined;
  /**
   * Rows written in the turn's own transaction (the turn's note in the notes log): the turn and what records it are
   * stored together or not at all, in one commit instead of two. Core's only: a plugin never writes into it.
   * Returns the statements as steps, or nothing; a throw leaves its rows out and is logged, the turn still stored.
   */
  turnRecords: (turn: FinishedTurn) => Steps<unknown> | undefined;
  /** Runs after a turn was committed. */
  afterTurn: (turn: FinishedTurn) => Promise<void> | void;
}

/** A turn as it is stored: the message, the reply, and whether the person cut it short. */
export type FinishedTurn = TurnInfo & { reply: string; interrupted: boolean };

/** The hook points a plugin may add to; the rest take core's own statements. */
export type PluginHookPoint = Exclude<keyof HookSignatures, 'turnRecords'>;

/** The same points at run time (a record, so a point added to HookSignatures must be placed here or fail to compile). */
export const pluginHookPoints: ReadonlySet<string> = new Set(
  Object.keys({
    coreMemories: true,
    context: true,
    filterTools: true,
    validateSession: true,
    admitTurn: true,
    admitWorkspace: true,
    reviewReply: true,
    afterTurn: true,
  } satisfies Record<PluginHookPoint, true>),
);

/** Lists of hook functions by point; add returns a disposable that removes it. */
export class EngineHooks {
  private readonly hooks: { [K in keyof HookSignatures]: HookSignatures[K][] } = {
    coreMemories: [],
    context: [],
    filterTools: [],
    validateSession: [],
    admitTurn: [],
    admitWorkspace: [],
    reviewReply: [],
    turnRecords: [],
    afterTurn: [],
  };

  /** Adds a function at a hook point. */
  add<K extends keyof HookSignatures>(point: K, fn: HookSignatures[K]): Disposable {
    this.hooks[point].push(fn);
    return toDisposable(() => {
      const list = this.hooks[point];
      const i = list.indexOf(fn);
      if (i >= 0) list.splice(i, 1);
    });
  }

  /** The functions at a hook point, in the order they were added. */
  at<K extends keyof HookSignatures>(point: K): readonly HookSignatures[K][] {
    return this.hooks[point];
  }
}
