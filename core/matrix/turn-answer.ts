// A message answered by an engine turn: typing shown meanwhile, the reply streamed or sent whole, an apology
// when the turn fails, and the room session and any confirmation question remembered for the next message.
import { principalOf } from '../auth/user-store.ts';
import type { QuorraError } from '../contracts/errors.ts';
import type { TurnRequest } from '../contracts/turn-request.ts';
import { isShuttingDown } from '../engine/turn-drain.ts';
import type { Speaker } from './classify.ts';
import type { ConfirmationMessage } from './confirmation-message.entity.ts';
import type { HandlingOutcome } from './handling-outcome.ts';
import type { InboundMessage } from './inbound-message.ts';
import { describeError } from './matrix-sender.ts';
import type { PipelineDeps } from './pipeline-deps.ts';
import { apologyFor, messageContent } from './reply-format.ts';
import { StreamedReply } from './streamed-reply.ts';

/** One message for the engine: the message, who said it where, the text the engine reads, the question it answers. */
export interface RoomTurn {
  msg: InboundMessage;
  who: Speaker;
  text: string;
  /** The bot's question this message answers yes/no to, if any. */
  asked: ConfirmationMessage | null;
}

type TurnDeps = Pick<
  PipelineDeps,
  'turns' | 'sender' | 'streaming' | 'roomSessions' | 'confirmationMessages' | 'logger' | 'events'
>;

/** Runs the turn with the typing notice on, and answers in the room. */
export async function answerWithTurn(d: TurnDeps, t: RoomTurn): Promise<HandlingOutcome> {
  const stopTyping = d.sender.keepTyping(t.msg.roomId);
  try {
    return await runTurn(d, t);
  } finally {
    await stopTyping();
  }
}

async function runTurn(d: TurnDeps, t: RoomTurn): Promise<HandlingOutcome> {
  const { roomId, eventId } = t.msg;
  const { user, place, target, current } = t.who;
  const streamed = await streamedReply(d, t);
  const outcome = await d.turns.run(
    requestOf(t),
    streamed ? { stream: true, onToken: streamed.onToken } : {},
  );
  if (outcome.kind !== 'reply' && isShuttingDown(outcome.error))
    return leaveForRestart(d, t, outcome.error, streamed);
  if (outcome.kind !== 'reply') return apologise(d, t, outcome.error, streamed);
  if (!current || (current.sessionId !== outcome.sessionId && !t.asked))
    await d.roomSessions.remember(roomId, user.id, target.workspace, target.scope, outcome.sessionId);
  const replyEventId = streamed
    ? await streamed.finish(outcome.reply)
    : await d.sender.answer(roomId, messageContent(outcome.reply, place), eventId, 'reply');
  const asks = outcome.pendingConfirmation;
  if (asks)
    await d.confirmationMessages.remember({
      eventId: replyEventId,
      roomId,
      userId: user.id,
      confirmationId: asks.id,
      sessionId: outcome.sessionId,
    });
  return { status: 'answered', how: 'reply', replyEventId };
}

/** The streamed reply when streaming is on, continuing the message a stopped run had posted part of. */
async function streamedReply(d: TurnDeps, t: RoomTurn): Promise<StreamedReply | undefined> {
  const pace = d.streaming;
  if (!pace) return undefined;
  const { roomId, eventId } = t.msg;
  const sendAs = (content: Record<string, unknown>, key: string) =>
    d.sender.send(roomId, content, { key, kind: 'reply' });
  // its first send would come back as that partial message (same transaction id), so this run goes on editing it
  const posted = (await d.events.get(eventId))?.replyEventId ?? undefined;
  return new StreamedReply(sendAs, t.who.place, `reply:${eventId}`, pace, posted);
}

/**
 * A stop cut the turn short: no apology, no edit; the event stays queued and the next start answers it, finishing
 * any partial streamed message by an edit (so the partial's id is noted on the event).
 */
async function leaveForRestart(
  d: TurnDeps,
  t: RoomTurn,
  err: QuorraError,
  streamed: StreamedReply | undefined,
): Promise<never> {
  await streamed?.settle();
  if (streamed?.postedId)
    await d.events.mark(t.msg.eventId, 'queued', { replyEventId: streamed.postedId }).catch((e) => {
      d.logger.warn({ err: describeError(e) }, 'could not note the partial reply for the next start');
    });
  throw err;
}

/** A failed turn: a short apology, in the streamed reply when one had started. */
async function apologise(
  d: TurnDeps,
  t: RoomTurn,
  err: QuorraError,
  streamed: StreamedReply | undefined,
): Promise<HandlingOutcome> {
  const { roomId, eventId } = t.msg;
  d.logger.warn({ err: describeError(err), roomId }, 'turn failed; apologising');
  await streamed?.settle();
  const apology = apologyFor(err);
  const replyEventId = streamed?.started
    ? await streamed.finish(apology, { notice: true })
    : await d.sender.answer(
        roomId,
        messageContent(apology, t.who.place, { notice: true }),
        eventId,
        'apology',
      );
  return { status: 'answered', how: 'apology', reason: err.code, replyEventId };
}

/** The engine's turn request for a room message: the session it continues and the question it answers. */
function requestOf(t: RoomTurn): TurnRequest {
  const { user, target, current } = t.who;
  return {
    principal: principalOf(user),
    message: t.text,
    sessionId: t.asked?.sessionId ?? current?.sessionId,
    scope: target.scope,
    origin: 'matrix',
    workspace: target.workspace,
    confirmationId: t.asked?.confirmationId,
    extras: { roomId: t.msg.roomId },
  };
}
