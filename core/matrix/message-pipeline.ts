// One taken-in message, start to finish: a reply to a notification? addressed? known sender? command or engine turn; reply where it was asked.

import type { User } from '../auth/user.entity.ts';
import { principalOf, type UserStore } from '../auth/user-store.ts';
import type { ConfirmationStore } from '../engine/confirmation-store.ts';
import type { Turns } from '../engine/turns.ts';
import { readYesNo } from '../engine/yes-no.ts';
import type { Logger } from '../logger.ts';
import type { CommandDefinition } from '../plugin/contributions.ts';
import type { Registry } from '../registry.ts';
import { sameScope } from '../text/scope-set.ts';
import { type ParsedCommand, parseCommand, runCommand } from './command-router.ts';
import type { ConfirmationMessage } from './confirmation-message.entity.ts';
import type { ConfirmationMessages } from './confirmation-messages.ts';
import type { EventLog } from './event-log.ts';
import { FileUploads } from './file-uploads.ts';
import type { HandlingOutcome } from './handling-outcome.ts';
import {
  type BotIdentity,
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
import type { MatrixMetrics } from './matrix-metrics.ts';
import { describeError, type MatrixSender } from './matrix-sender.ts';
import { asTypedReply, reactionAnswer } from './reaction-answers.ts';
import type { Refusals } from './refusals.ts';
import { apologyFor, messageContent, type ReplyPlacement } from './reply-format.ts';
import type { ReplyRoutes } from './reply-routes.ts';
import type { RoomMembers } from './room-members.ts';
import type { RoomResolver, RoomTarget } from './room-resolver.ts';
import type { RoomSessionRow } from './room-session.entity.ts';
import type { RoomSessions } from './room-sessions.ts';
import { StreamedReply, type StreamPace } from './streamed-reply.ts';
import type { Undecryptable } from './undecryptable.ts';

/** What an unmapped sender hears, once per room and day. */
export const REFUSAL =
  'Sorry — I only talk with members of this household, and I don’t know you. Ask the owner to add your Matrix ID.';

/** Everything the pipeline works with. */
export interface PipelineDeps {
  bot: BotIdentity;
  members: RoomMembers;
  sender: MatrixSender;
  events: EventLog;
  users: UserStore;
  resolver: RoomResolver;
  roomSessions: RoomSessions;
  confirmationMessages: ConfirmationMessages;
  confirmations: ConfirmationStore;
  refusals: Refusals;
  replyRoutes: ReplyRoutes;
  turns: Turns;
  commands: Registry<CommandDefinition>;
  files: FileUploads;
  undecryptable: Undecryptable;
  /** How replies stream into the room by edits while the model writes; null sends each reply whole. */
  streaming: StreamPace | null;
  metrics: MatrixMetrics;
  logger: Logger;
}

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
      // shutting down mid-reply: the event stays queued and is answered after the restart
      if (err instanceof ClientHaltedError) return;
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
      metrics.replyDuration.observe((Date.now() - row.receivedAt.getTime()) / 1000);
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

  /** The capture command of the room's scope (a command declaring `captureScope`), as if the message had invoked it. */
  private async captureIn(roomId: string, raw: string): Promise<ParsedCommand | null> {
    if (!raw) return null;
    const capturing = this.d.commands.list().filter((c) => c.captureScope);
    if (!capturing.length) return null;
    const { scope } = await this.d.resolver.resolve(roomId);
    const def = capturing.find((c) => scope?.includes(c.captureScope!));
    return def ? { name: def.name, args: raw.split(/\s+/), argsText: raw } : null;
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
      const replyEventId = await this.send(roomId, content, ev, 'reply-handler');
      return { status: 'answered', how: 'reply_handler', reason: answer.outcome, replyEventId };
    }
    // in a room mapped to a capture scope (the notepad), every plain message is that command's input
    const command = parsed ?? (isMentioned(content, bot) ? null : await this.captureIn(roomId, raw));
    const mentioned = !command && isMentioned(content, bot);
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
    if (command) {
      const reply = await runCommand(
        this.d.commands,
        command,
        {
          userId: user.id,
          role: user.role,
          roomId,
          sessionId: current?.sessionId,
          workspace: target.workspace,
          roomScope: target.scope,
          eventId: ev.event_id,
        },
        this.d.logger,
      );
      if (typeof reply !== 'string') {
        const reaction = {
          'm.relates_to': { rel_type: 'm.annotation', event_id: ev.event_id, key: reply.react },
        };
        const replyEventId = await this.d.sender.send(roomId, reaction, {
          key: `react:${ev.event_id}`,
          kind: 'reaction',
          type: 'm.reaction',
        });
        return { status: 'answered', how: 'command', replyEventId };
      }
      const replyEventId = await this.send(
        roomId,
        messageContent(reply, place, { notice: true }),
        ev,
        'command',
      );
      return { status: 'answered', how: 'command', replyEventId };
    }

    const senderName = (await members.displayName(roomId, ev.sender)) ?? user.displayName;
    const message = isDirect ? text : withSenderName(senderName, text);
    if (!message.replace(/^\[[^\]]*\]\s*/, '').trim()) return { status: 'ignored', reason: 'no_text' };
    const confirmation = question && yesNo && question.userId === user.id ? question : null;
    const sessionId = confirmation?.sessionId ?? current?.sessionId;
    const stopTyping = this.d.sender.keepTyping(roomId);
    try {
      return await this.answer(user, roomId, ev, message, {
        sessionId,
        target,
        confirmation,
        current,
        place,
      });
    } finally {
      await stopTyping();
    }
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
    const replyEventId = await this.send(roomId, content, ev, 'file');
    return { status: 'answered', how: 'file', replyEventId };
  }

  private async answer(
    user: User,
    roomId: string,
    ev: Record<string, any>,
    message: string,
    t: {
      sessionId?: string;
      target: RoomTarget;
      confirmation: ConfirmationMessage | null;
      current: RoomSessionRow | null;
      place: ReplyPlacement;
    },
  ): Promise<HandlingOutcome> {
    const pace = this.d.streaming;
    const sendAs = (content: Record<string, unknown>, key: string) =>
      this.d.sender.send(roomId, content, { key, kind: 'reply' });
    const streamed = pace ? new StreamedReply(sendAs, t.place, `reply:${ev.event_id}`, pace) : undefined;
    const outcome = await this.d.turns.run(
      {
        principal: principalOf(user),
        message,
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
      this.d.logger.warn({ err: describeError(err), roomId }, 'turn failed; apologising');
      await streamed?.settle();
      const replyEventId = streamed?.started
        ? await streamed.finish(apologyFor(err), { notice: true })
        : await this.send(roomId, messageContent(apologyFor(err), t.place, { notice: true }), ev, 'apology');
      return { status: 'answered', how: 'apology', reason: err.code, replyEventId };
    }
    const result = outcome;
    if (!t.current || (t.current.sessionId !== result.sessionId && !t.confirmation))
      await this.d.roomSessions.remember(
        roomId,
        user.id,
        t.target.workspace,
        t.target.scope,
        result.sessionId,
      );
    const replyEventId = streamed
      ? await streamed.finish(result.reply)
      : await this.send(roomId, messageContent(result.reply, t.place), ev, 'reply');
    if (result.pendingConfirmation)
      await this.d.confirmationMessages.remember({
        eventId: replyEventId,
        roomId,
        userId: user.id,
        confirmationId: result.pendingConfirmation.id,
        sessionId: result.sessionId,
      });
    return { status: 'answered', how: 'reply', replyEventId };
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
    const replyEventId = await this.send(
      roomId,
      messageContent(REFUSAL, place, { notice: true }),
      ev,
      'refusal',
    );
    return { status: 'refused', how: 'refusal', replyEventId };
  }

  private send(roomId: string, content: Record<string, unknown>, ev: Record<string, any>, kind: string) {
    return this.d.sender.send(roomId, content, { key: `${kind}:${ev.event_id}`, kind });
  }
}
