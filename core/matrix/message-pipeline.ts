// One taken-in message, start to finish: a reply to a notification? addressed? known sender? command or engine turn; reply where it was asked.

import type { User } from '../auth/user.entity.ts';
import { isShuttingDown } from '../engine/turn-drain.ts';
import { readYesNo } from '../engine/yes-no.ts';
import { sameScope } from '../text/scope-set.ts';
import { answerCommand, captureIn } from './command-answer.ts';
import { parseCommand } from './command-router.ts';
import { FileUploads } from './file-uploads.ts';
import type { HandlingOutcome } from './handling-outcome.ts';
import {
  isAddressed,
  isMentioned,
  relationOf,
  stripMention,
  stripReplyFallback,
  utcDay,
  withSenderName,
} from './inbound-filter.ts';
import { ClientHaltedError } from './matrix-client.ts';
import type { MatrixEvent } from './matrix-event.entity.ts';
import { describeError } from './matrix-sender.ts';
import type { PipelineDeps } from './pipeline-deps.ts';
import { asTypedReply, reactionAnswer } from './reaction-answers.ts';
import { messageContent, type ReplyPlacement } from './reply-format.ts';
import { answerWithTurn } from './turn-answer.ts';

/** What an unmapped sender hears, once per room and day. */
export const REFUSAL =
  'Sorry — I only talk with members of this household, and I don’t know you. Ask the owner to add your Matrix ID.';

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
  private async reaction(roomId: string, ev: Record<string, any>): Promise<HandlingOutcome> {
    const answer = reactionAnswer(ev.content);
    const asked = answer && (await this.d.confirmationMessages.byEvent(ev.content['m.relates_to'].event_id));
    const user = asked && asked.roomId === roomId ? await this.d.users.findByMatrixId(ev.sender) : null;
    if (!answer || !user || asked?.userId !== user.id) return { status: 'ignored', reason: 'not_addressed' };
    return this.message(roomId, asTypedReply(ev, answer));
  }

  private async message(roomId: string, ev: Record<string, any>): Promise<HandlingOutcome> {
    const { bot, members, users } = this.d;
    const content = ev.content ?? {};
    if (content.msgtype === 'm.file') return this.file(roomId, ev);
    const rel = relationOf(content);
    const raw = stripReplyFallback(String(content.body)).trim();
    const isDirect = await members.isDirect(roomId);
    const parsed = parseCommand(raw);
    const routed = parsed ? null : await this.d.replyRoutes.target(roomId, ev.sender, rel.inReplyTo);
    if (routed) {
      // a reply to a notification that named a reply handler: the handler answers, never the engine
      const answer = await this.d.replyRoutes.answer(routed, raw);
      const place = { threadRoot: rel.threadRoot, inReplyTo: ev.event_id };
      const content = messageContent(answer.text, place, { notice: true });
      const replyEventId = await this.d.sender.answer(roomId, content, ev.event_id, 'reply-handler');
      return { status: 'answered', how: 'reply_handler', reason: answer.outcome, replyEventId };
    }
    // in a room mapped to a capture scope (the notepad), every plain message is that command's input
    const mentionsBot = !parsed && isMentioned(content, bot);
    const command = parsed ?? (mentionsBot ? null : await captureIn(this.d, roomId, raw));
    const mentioned = !command && mentionsBot;
    const text = mentioned ? stripMention(raw, bot) : raw;
    const yesNo = readYesNo(text);
    const asked = rel.inReplyTo ? await this.d.confirmationMessages.byEvent(rel.inReplyTo) : null;
    const question = asked?.roomId === roomId ? asked : null;
    let user: User | null = null;
    let answersBot = !!question;
    if (!isDirect && !mentioned && !command && !question && yesNo) {
      user = await users.findByMatrixId(ev.sender);
      answersBot = !!user && (await this.awaitsAnswer(roomId, user.id));
    }
    if (!isAddressed({ isDirect, mentioned, isCommand: !!command, answersBot }))
      return { status: 'ignored', reason: 'not_addressed' };
    user ??= await users.findByMatrixId(ev.sender);
    const place: ReplyPlacement = {
      threadRoot: rel.threadRoot,
      inReplyTo: isDirect && !rel.threadRoot ? undefined : ev.event_id,
    };
    if (!user) return this.refuse(roomId, ev, place);

    const target = await this.d.resolver.resolve(roomId);
    let current = await this.d.roomSessions.current(roomId, user.id, target.workspace);
    if (current && !sameScope(current.scope, target.scope)) current = null;
    if (command)
      return answerCommand(this.d, command, {
        user,
        roomId,
        ev,
        target,
        sessionId: current?.sessionId,
        place,
      });

    // a group's turns say who spoke; a DM has one speaker
    const message = isDirect
      ? text
      : withSenderName((await members.displayName(roomId, ev.sender)) ?? user.displayName, text);
    if (!message.replace(/^\[[^\]]*\]\s*/, '').trim()) return { status: 'ignored', reason: 'no_text' };
    const confirmation = question && yesNo && question.userId === user.id ? question : null;
    const sessionId = confirmation?.sessionId ?? current?.sessionId;
    return answerWithTurn(this.d, {
      user,
      roomId,
      ev,
      message,
      sessionId,
      target,
      confirmation,
      current,
      place,
    });
  }

  /** A file upload: the first file handler that accepts it answers; nobody accepting means it is not for Quorra. */
  private async file(roomId: string, ev: Record<string, any>): Promise<HandlingOutcome> {
    const user = await this.d.users.findByMatrixId(ev.sender);
    if (!user) return { status: 'ignored', reason: 'unsupported' };
    const target = await this.d.resolver.resolve(roomId);
    const file = FileUploads.incoming(ev.content, await this.d.resolver.scopeOf(target), target.workspace);
    const handler = file && this.d.files.handlerFor(file);
    if (!file || !handler) return { status: 'ignored', reason: 'unsupported' };
    const answer = await this.d.files.deliver(handler, ev.content.url, file, {
      userId: user.id,
      role: user.role,
      roomId,
    });
    const content = messageContent(answer, { inReplyTo: ev.event_id }, { notice: true });
    const replyEventId = await this.d.sender.answer(roomId, content, ev.event_id, 'file');
    return { status: 'answered', how: 'file', replyEventId };
  }

  private async awaitsAnswer(roomId: string, userId: string): Promise<boolean> {
    const asked = await this.d.confirmationMessages.latest(roomId, userId);
    if (!asked) return false;
    const c = await this.d.confirmations.get(asked.confirmationId);
    return c?.status === 'pending' && c.expiresAt > new Date();
  }

  private async refuse(
    roomId: string,
    ev: Record<string, any>,
    place: ReplyPlacement,
  ): Promise<HandlingOutcome> {
    if (!(await this.d.refusals.once(roomId, ev.sender, utcDay(new Date()))))
      return { status: 'ignored', reason: 'unmapped_repeat' };
    const content = messageContent(REFUSAL, place, { notice: true });
    const replyEventId = await this.d.sender.answer(roomId, content, ev.event_id, 'refusal');
    return { status: 'refused', how: 'refusal', replyEventId };
  }
}
