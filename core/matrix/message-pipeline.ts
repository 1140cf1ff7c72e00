// One taken-in message, start to finish: typed at the door, classified once, answered by its route's act.

import { isShuttingDown } from '../engine/turn-drain.ts';
import { act } from './act.ts';
import { classify } from './classify.ts';
import type { HandlingOutcome } from './handling-outcome.ts';
import { inboundOf, type RawEvent } from './inbound-message.ts';
import { ClientHaltedError } from './matrix-client.ts';
import type { MatrixEvent } from './matrix-event.entity.ts';
import { describeError } from './matrix-sender.ts';
import type { PipelineDeps } from './pipeline-deps.ts';
import { asTypedReply, reactedTo, reactionAnswer } from './reaction-answers.ts';

export { REFUSAL } from './act.ts';

/** Processes taken-in events and records each outcome. */
export class MessagePipeline {
  constructor(private readonly d: PipelineDeps) {}

  /** Handles one taken-in event and records its outcome (a restart runs it again until one is recorded). */
  async process(row: Pick<MatrixEvent, 'eventId' | 'roomId' | 'event' | 'receivedAt'>): Promise<void> {
    const { events, metrics, logger } = this.d;
    const { eventId } = row;
    let outcome: HandlingOutcome;
    try {
      outcome =
        row.event.type === 'm.room.encrypted'
          ? await this.d.undecryptable.handle(row.roomId, row.event)
          : row.event.type === 'm.reaction'
            ? await this.reaction(row.roomId, row.event)
            : await this.message(row.roomId, row.event);
    } catch (err) {
      // shutting down mid-reply (or mid-turn): the event stays queued and is answered after the restart
      if (err instanceof ClientHaltedError || isShuttingDown(err)) return;
      logger.error(
        { err: describeError(err), eventId, roomId: row.roomId },
        'could not handle a Matrix message',
      );
      outcome = { status: 'failed', reason: describeError(err) };
    }
    await events.mark(eventId, outcome.status, {
      reason: outcome.reason,
      replyEventId: outcome.replyEventId,
    });
    if (outcome.status === 'ignored') metrics.ignored.inc({ reason: outcome.reason ?? 'other' });
    if (outcome.status === 'answered' || outcome.status === 'refused') {
      metrics.answered.inc({ how: outcome.how ?? 'reply' });
      metrics.replyDuration({}, (Date.now() - row.receivedAt.getTime()) / 1000);
    }
  }

  /** 👍/👎 from the person the bot asked, on its question: handled as their typed yes/no; other reactions are not for the bot. */
  private async reaction(roomId: string, ev: RawEvent): Promise<HandlingOutcome> {
    const answer = reactionAnswer(ev.content);
    const asked = answer && (await this.d.confirmationMessages.byEvent(reactedTo(ev)));
    const user =
      asked && asked.roomId === roomId ? await this.d.users.findByMatrixId(String(ev.sender)) : null;
    if (!answer || !user || asked?.userId !== user.id) return { status: 'ignored', reason: 'not_addressed' };
    return this.message(roomId, asTypedReply(ev, answer));
  }

  /** A message: typed once, classified once, then the route's act answers it. */
  private async message(roomId: string, ev: RawEvent): Promise<HandlingOutcome> {
    const msg = inboundOf(roomId, ev);
    return act(this.d, await classify(this.d, msg));
  }
}
