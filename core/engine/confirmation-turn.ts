// A turn that answers a pending tier-2 confirmation: by its id, or by a plain yes/no; anything else drops it.

import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { fail } from '../contracts/errors.ts';
import type { Session } from '../sessions/session.entity.ts';
import { type LoopOptions, runChatLoop } from './chat-loop.ts';
import { confirmationCounter } from './confirmation-metrics.ts';
import type { Engine, TurnRequest } from './engine.ts';
import type { CallScope } from './tool-runner.ts';
import { readYesNo } from './yes-no.ts';

interface ConfirmationTurn {
  req: TurnRequest;
  session: Session;
  /** The session is drafted in this turn, so nothing can be pending on it yet. */
  isNew: boolean;
  message: string;
  messages: ChatCompletionMessageParam[];
  scope: CallScope;
  loopBase: Omit<LoopOptions, 'messages' | 'tools' | 'scope' | 'maxRounds'>;
}

/** Resolves a confirmation if this message answers one; returns the reply, or null for a normal turn. */
export async function resolveConfirmation(
  engine: Engine,
  t: ConfirmationTurn,
): Promise<{ reply: string } | null> {
  const { confirmations: store, metrics, runner, registries } = engine.deps;
  const count = confirmationCounter(metrics);
  let decision: 'yes' | 'no';
  let c = null;
  if (t.req.confirmationId) {
    c = await store.get(t.req.confirmationId);
    if (!c || c.sessionId !== t.session.id) throw fail.notFound('confirmation');
    if (c.status === 'pending' && c.expiresAt <= new Date()) await store.expireDue();
    c = (await store.get(c.id))!;
    if (c.status === 'expired')
      throw fail.conflict('CONFIRMATION_EXPIRED', 'that confirmation has expired; ask again');
    if (c.status !== 'pending')
      throw fail.conflict('CONFIRMATION_RESOLVED', `that confirmation was already ${c.status}`);
    decision = readYesNo(t.message) === 'no' ? 'no' : 'yes';
  } else {
    c = t.session.scope && !t.isNew ? await store.pendingFor(t.session.id) : null;
    if (!c) return null;
    const yn = readYesNo(t.message);
    if (!yn) {
      // the user moved on: a later stray "yes" must not fire an action they no longer have in mind
      await store.resolve(c.id, 'declined');
      count.inc({ outcome: 'superseded' });
      return null;
    }
    decision = yn;
  }
  if (decision === 'no') {
    if (await store.resolve(c.id, 'declined')) count.inc({ outcome: 'declined' });
    await runner.audit.record({
      userId: c.userId,
      sessionId: c.sessionId,
      tool: c.toolName,
      tier: 2,
      input: c.input,
      outcome: 'declined',
    });
    return { reply: `Okay — I won't ${c.description}.` };
  }
  const tool = t.scope.offered.find((x) => x.name === c.toolName);
  const parsed = tool?.input.safeParse(c.input);
  if (!tool || !parsed?.success) {
    await store.resolve(c.id, 'failed');
    count.inc({ outcome: 'failed' });
    return {
      reply: `I can't ${c.description} any more: ${registries.tools.has(c.toolName) ? 'it is not available in this conversation' : 'that action is no longer installed'}.`,
    };
  }
  if (!(await store.resolve(c.id, 'confirmed')))
    throw fail.conflict('CONFIRMATION_RESOLVED', 'that confirmation was already answered');
  count.inc({ outcome: 'confirmed' });
  const outcome = await runner.execute(tool, parsed.data, t.scope, true);
  const note = `The user confirmed: ${c.description}. The action ${outcome.outcome === 'ok' ? 'succeeded' : 'failed'}. Result: ${outcome.content}. Tell the user briefly what happened.`;
  try {
    const r = await runChatLoop({
      ...t.loopBase,
      messages: [...t.messages, { role: 'system', content: note }],
      tools: [],
      scope: t.scope,
      maxRounds: 1,
    });
    if (r.reply) return { reply: r.reply };
  } catch (err) {
    engine.deps.logger.warn({ err }, 'could not phrase the confirmation result; using a plain one');
  }
  return {
    reply: outcome.outcome === 'ok' ? `Done: ${c.description}.` : `That didn't work: ${outcome.content}`,
  };
}
