// The conversation engine: resolves the session, handles confirmations, builds the prompt, runs the tool loop, commits.

import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { DataSource } from 'typeorm';
import { QUIET_REPLY } from '../auth/child-reach.ts';
import { quietUntil } from '../auth/quiet-hours.ts';
import type { UserStore } from '../auth/user-store.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { ToolDefinition } from '../contracts/define-tool.ts';
import { fail } from '../contracts/errors.ts';
import type { Principal } from '../contracts/principal.ts';
import type { TurnRequest } from '../contracts/turn-request.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ModelClient } from '../model/model-client.ts';
import type { Session } from '../sessions/session.entity.ts';
import type { SessionStore } from '../sessions/session-store.ts';
import { sameScope } from '../text/scope-set.ts';
import { runChatLoop } from './chat-loop.ts';
import type { ConfirmationStore } from './confirmation-store.ts';
import { resolveConfirmation } from './confirmation-turn.ts';
import type { CoreRegistries } from './core-registries.ts';
import type { EngineHooks } from './engine-hooks.ts';
import { modelFailure } from './model-failure.ts';
import { MORE_TOOLS } from './more-tools.ts';
import { origins } from './origins.ts';
import { persona, personaFor } from './personas.ts';
import type { PromptLibrary } from './prompt-library.ts';
import { sessionPrompt } from './session-prompt.ts';
import { StaleSessionError } from './stale-session.ts';
import { hasGap, withGapMarkers } from './time-gaps.ts';
import { offeredTools } from './tool-gate.ts';
import type { ToolRunner } from './tool-runner.ts';
import { storeTurn, type TurnOutcome, type TurnResult } from './turn-commit.ts';
import { shuttingDown, TurnDrain } from './turn-drain.ts';
import type { TurnInspector } from './turn-inspector.ts';
import { TurnToolPick } from './turn-tool-pick.ts';

export type { TurnRequest } from '../contracts/turn-request.ts';

export type { TurnResult } from './turn-commit.ts';

/** How the caller wants the turn delivered. */
export interface TurnOptions {
  stream?: boolean;
  signal?: AbortSignal;
  onToken?: (text: string) => void;
  onStatus?: (text: string) => void;
}

export interface EngineDeps {
  config: QuorraConfig;
  db: DataSource;
  logger: Logger;
  metrics: Metrics;
  model: ModelClient;
  registries: CoreRegistries;
  prompts: PromptLibrary;
  sessions: SessionStore;
  confirmations: ConfirmationStore;
  runner: ToolRunner;
  inspector: TurnInspector;
  hooks: EngineHooks;
  users: UserStore;
}

export const INTERRUPTED_MARKER = ' [interrupted]';

/** Runs turns for every surface. */
export class Engine {
  private readonly turns;
  /** The turns running now, for the stop's grace. */
  readonly drain = new TurnDrain();
  private readonly toolPick: TurnToolPick;

  constructor(readonly deps: EngineDeps) {
    this.turns = deps.metrics.counter('quorra_engine_turns_total', 'Chat turns by outcome', ['outcome']);
    this.toolPick = new TurnToolPick(deps.model, deps.config.model, deps.logger);
  }

  /** Scopes a session may lock to: those with a prompt fragment (core files or plugin-registered). */
  knownScopes(): string[] {
    return [...this.deps.prompts.scopeNames()];
  }

  /** The session a request continues, or a new draft (unsaved) validated by the hooks. */
  async resolveSession(req: TurnRequest): Promise<{ session: Session; isNew: boolean }> {
    const { principal } = req;
    for (const s of req.scope ?? [])
      if (!this.deps.prompts.hasScope(s))
        throw fail.badRequest(`unknown scope "${s}"`, { known: this.knownScopes() });
    if (req.origin && !(origins as readonly string[]).includes(req.origin))
      throw fail.badRequest(`unknown origin "${req.origin}"`, { known: origins });
    let session: Session;
    let isNew = false;
    if (req.sessionId) {
      const found = await this.deps.sessions.find(req.sessionId, principal);
      if (!found) throw new StaleSessionError('NOT_FOUND', 'session not found', 'not-found');
      session = found;
      if (req.scope && session.scope && !sameScope(req.scope, session.scope)) {
        throw new StaleSessionError(
          'SCOPE_MISMATCH',
          `this session is locked to scope [${session.scope.join(', ')}]; start a new session to change it`,
          'invalid',
        );
      }
      if (req.workspace !== undefined && req.workspace !== session.workspace) {
        throw new StaleSessionError(
          'WORKSPACE_MISMATCH',
          'this session belongs to another workspace; start a new session',
          'invalid',
        );
      }
    } else {
      const workspace = principal.kind === 'reservation' ? principal.workspace : (req.workspace ?? null);
      session = this.deps.sessions.draft(principal, {
        workspace,
        persona: personaFor(principal, req.persona),
      });
      isNew = true;
    }
    const committing = !session.scope && req.scope?.length;
    if (committing) session.scope = [...new Set(req.scope)];
    session.origin ??= req.origin ?? 'standard';
    if (isNew || committing)
      for (const check of this.deps.hooks.at('validateSession')) await check(session, principal);
    for (const admit of this.deps.hooks.at('admitTurn')) await admit(session, principal);
    return { session, isNew };
  }

  /** The replayed history; a new session has none, and the user's time zone is read only when a gap needs it. */
  private async historyMessages(session: Session, isNew: boolean, principal: Principal, now: Date) {
    const rows = isNew
      ? []
      : await this.deps.sessions.history(session.id, this.deps.config.engine.historyMessages);
    const timed = rows.map((m) => ({ role: m.role, content: m.content, at: m.createdAt }));
    const user =
      principal.kind === 'user' && hasGap(timed, now) ? await this.deps.users.get(principal.userId) : null;
    return withGapMarkers(timed, now, user?.timezone ?? 'UTC');
  }

  /** The tools a turn of this session may use: the gate (scope, persona, audience, availability), then the filters. */
  async offeredFor(principal: Principal, session: Session, message: string): Promise<ToolDefinition<any>[]> {
    let tools = offeredTools(this.deps.registries.tools.list(), session.scope, persona(session.persona), {
      principal,
      workspace: session.workspace,
    });
    for (const filter of this.deps.hooks.at('filterTools')) {
      const allowed = new Set(await filter({ principal, session, message }, tools));
      tools = tools.filter((t) => allowed.has(t)); // a filter can narrow the set, never widen it
    }
    return tools;
  }

  /** Handles one message end to end; nothing is stored unless the turn completes (or its caller interrupts it). */
  handle(req: TurnRequest, opts: TurnOptions = {}): Promise<TurnResult> {
    return this.drain.run(opts.signal, (signal) => this.turn(req, { ...opts, signal }));
  }

  private async turn(req: TurnRequest, opts: TurnOptions): Promise<TurnResult> {
    const message = req.message.trim();
    if (!message) throw fail.badRequest('message is empty');
    if (message.length > this.deps.config.engine.maxMessageChars) {
      throw fail.tooLarge(
        'MESSAGE_TOO_LONG',
        `message is longer than ${this.deps.config.engine.maxMessageChars} characters`,
      );
    }
    const { session, isNew } = await this.resolveSession(req);
    const { principal } = req;
    const now = new Date();
    // a child's quiet hours, when a parent asked for it: one short line, no model, no tools (adults never pay the read)
    if (principal.kind === 'user' && principal.child) {
      const child = await this.deps.users.get(principal.userId);
      if (child?.quietReply && quietUntil(child, now))
        return this.commit(req, session, message, { reply: QUIET_REPLY });
    }
    const history = await this.historyMessages(session, isNew, principal, now);
    if (history.gapBeforeNow && session.activeMode) {
      session.activeMode = null;
      session.modeEntryPending = false;
    }
    const userText = history.gapBeforeNow ? `${history.gapBeforeNow}\n${message}` : message;
    const p = persona(session.persona);
    const allowed = await this.offeredFor(principal, session, message);
    // the few the turn offers; the array grows if the model asks `more_tools` for one of the others
    const tools = await this.toolPick.pick(allowed, {
      sessionId: session.id,
      message,
      history: history.messages,
      signal: opts.signal,
    });
    const scope = {
      offered: tools,
      principal,
      sessionId: session.id,
      workspace: session.workspace,
      signal: opts.signal,
      extras: req.extras,
    };
    const system = await sessionPrompt(
      { prompts: this.deps.prompts, modes: this.deps.registries.modes, hooks: this.deps.hooks },
      { principal, session, message },
    );
    const messages: ChatCompletionMessageParam[] = [
      // two system messages: the shared one first, so the tool schemas a chat template renders right after it stay
      // in the prefix that every person's turn reuses; then the person's own part
      { role: 'system', content: system.shared },
      ...(system.personal ? [{ role: 'system' as const, content: system.personal }] : []),
      ...history.messages,
      { role: 'user', content: userText },
    ];
    const loopBase = {
      model: this.deps.model,
      runner: this.deps.runner,
      metrics: this.deps.metrics,
      stream: opts.stream ?? false,
      signal: opts.signal,
      onToken: opts.onToken,
      onStatus: opts.onStatus,
      // the inspector is readable only in developer mode: without it, serialising every payload is pure cost
      inspector:
        this.deps.config.developerMode && p.recordable && principal.kind === 'user'
          ? { recorder: this.deps.inspector, userId: principal.userId }
          : undefined,
    };

    const resolved = await resolveConfirmation(this, {
      req,
      session,
      isNew,
      message,
      messages,
      // the pending call was offered when it was drafted: it is checked against every allowed tool
      scope: { ...scope, offered: allowed },
      loopBase,
    });
    if (resolved) return this.commit(req, session, message, resolved);

    const partial = { text: '' };
    try {
      const result = await runChatLoop(
        { ...loopBase, messages, tools, scope, maxRounds: this.deps.config.engine.maxToolRounds },
        partial,
      );
      this.toolPick.note(
        session.id,
        result.calls.filter((c) => c.name !== MORE_TOOLS && c.outcome === 'ok').map((c) => c.name),
      );
      if (result.confirmation) {
        const c = result.confirmation;
        const reply = `${result.reply ? `${result.reply}\n\n` : ''}Before I ${c.description}, I need your confirmation. Reply **yes** to go ahead or **no** to cancel.`;
        return this.commit(req, session, message, { reply, confirmation: c });
      }
      let reply = result.reply || '…';
      for (const review of this.deps.hooks.at('reviewReply'))
        reply = (await review({ principal, session, message, reply, calls: result.calls })) ?? reply;
      return this.commit(req, session, message, { reply });
    } catch (err) {
      // a stop cut the turn short: nothing is stored, so the message is answered whole after the restart
      if (this.drain.aborted) throw shuttingDown();
      if (opts.signal?.aborted) {
        this.turns.inc({ outcome: 'interrupted' });
        return this.commit(req, session, message, {
          reply: `${partial.text}${INTERRUPTED_MARKER}`,
          interrupted: true,
        });
      }
      this.turns.inc({ outcome: 'model_error' });
      this.deps.logger.warn({ err, session: session.id }, 'turn failed at the model');
      throw modelFailure(err);
    }
  }

  /** Stores the turn (turn-commit.ts) and counts it. */
  async commit(req: TurnRequest, session: Session, message: string, out: TurnOutcome): Promise<TurnResult> {
    const result = await storeTurn(this.deps, req, session, message, out);
    if (!out.interrupted) this.turns.inc({ outcome: out.confirmation ? 'confirmation' : 'ok' });
    return result;
  }
}
