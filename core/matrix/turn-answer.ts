// A message answered by an engine turn: typing shown meanwhile, the reply streamed or sent whole, an apology
// when the turn fails, and the room session and any confirmation question remembered for the next message.
import type { User } from '../auth/user.entity.ts';
import { principalOf } from '../auth/user-store.ts';
import { isShuttingDown } from '../engine/turn-drain.ts';
import type { ConfirmationMessage } from './confirmation-message.entity.ts';
import type { HandlingOutcome } from './handling-outcome.ts';
import { describeError } from './matrix-sender.ts';
import type { PipelineDeps } from './pipeline-deps.ts';
import { apologyFor, messageContent, type ReplyPlacement } from './reply-format.ts';
import type { RoomTarget } from './room-resolver.ts';
import type { RoomSessionRow } from './room-session.entity.ts';
import { StreamedReply } from './streamed-reply.ts';

/** One message for the engine: who, where, and what the room already knows about the conversation. */
export interface TurnRequest {
  user: User;
  roomId: string;
  ev: Record<string, any>;
  message: string;
  sessionId?: string;
  target: RoomTarget;
  /** The bot's question this message answers yes/no to, if any. */
  confirmation: ConfirmationMessage | null;
  current: RoomSessionRow | null;
  place: ReplyPlacement;
}

type TurnDeps = Pick<
  PipelineDeps,
  'turns' | 'sender' | 'streaming' | 'roomSessions' | 'confirmationMessages' | 'logger' | 'events'
>;

/** Runs the turn with the typing notice on, and answers in the room. */
export async function answerWithTurn(d: TurnDeps, t: TurnRequest): Promise<HandlingOutcome> {
  const stopTyping = d.sender.keepTyping(t.roomId);
  try {
    return await runTurn(d, t);
  } finally {
    await stopTyping();
  }
}

async function runTurn(d: TurnDeps, t: TurnRequest): Promise<HandlingOutcome> {
  const { user, roomId, ev } = t;
  const pace = d.streaming;
  const sendAs = (content: Record<string, unknown>, key: string) =>
    d.sender.send(roomId, content, { key, kind: 'reply' });
  // a stopped run may have posted part of this reply: its first send would come back as that message (same
  // transaction id), so this run goes on editing it
  const posted = pace ? ((await d.events.get(ev.event_id))?.replyEventId ?? undefined) : undefined;
  const streamed = pace
    ? new StreamedReply(sendAs, t.place, `reply:${ev.event_id}`, pace, posted)
    : undefined;
  const outcome = await d.turns.run(
    {
      principal: principalOf(user),
      message: t.message,
      session: t.sessionId,
      scope: t.target.scope,
      origin: 'matrix',
      workspace: t.target.workspace,
      confirmationId: t.confirmation?.confirmationId,
      extras: { roomId },
    },
    streamed ? { stream: true, onToken: streamed.onToken } : {},
  );
  if (outcome.kind !== 'reply') {
    const err = outcome.error;
    if (isShuttingDown(err)) {
      // a stop cut the turn short: no apology, no edit; the event stays queued and the next start answers it,
      // finishing any partial streamed message by an edit
      await streamed?.settle();
      if (streamed?.postedId)
        await d.events.mark(ev.event_id, 'queued', { replyEventId: streamed.postedId }).catch((e) => {
          d.logger.warn({ err: describeError(e) }, 'could not note the partial reply for the next start');
        });
      throw err;
    }
    d.logger.warn({ err: describeError(err), roomId }, 'turn failed; apologising');
    await streamed?.settle();
    const apology = apologyFor(err);
    const replyEventId = streamed?.started
      ? await streamed.finish(apology, { notice: true })
      : await d.sender.answer(
          roomId,
          messageContent(apology, t.place, { notice: true }),
          ev.event_id,
          'apology',
        );
    return { status: 'answered', how: 'apology', reason: err.code, replyEventId };
  }
  if (!t.current || (t.current.sessionId !== outcome.sessionId && !t.confirmation))
    await d.roomSessions.remember(roomId, user.id, t.target.workspace, t.target.scope, outcome.sessionId);
  const replyEventId = streamed
    ? await streamed.finish(outcome.reply)
    : await d.sender.answer(roomId, messageContent(outcome.reply, t.place), ev.event_id, 'reply');
  if (outcome.pendingConfirmation)
    await d.confirmationMessages.remember({
      eventId: replyEventId,
      roomId,
      userId: user.id,
      confirmationId: outcome.pendingConfirmation.id,
      sessionId: outcome.sessionId,
    });
  return { status: 'answered', how: 'reply', replyEventId };
}
