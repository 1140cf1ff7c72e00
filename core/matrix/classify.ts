// Decides, once, what a message is: who sent it, whether it is for the bot, and which route answers it.
import type { User } from '../auth/user.entity.ts';
import { readYesNo } from '../engine/yes-no.ts';
import { sameScope } from '../text/scope-set.ts';
import { captureIn } from './command-answer.ts';
import { type ParsedCommand, parseCommand } from './command-router.ts';
import type { ConfirmationMessage } from './confirmation-message.entity.ts';
import {
  type IgnoreReason,
  isAddressed,
  isMentioned,
  stripMention,
  withSenderName,
} from './inbound-filter.ts';
import type { InboundMessage } from './inbound-message.ts';
import type { PipelineDeps } from './pipeline-deps.ts';
import type { ReplyPlacement } from './reply-format.ts';
import type { ReplyTarget } from './reply-routes.ts';
import type { RoomTarget } from './room-resolver.ts';
import type { RoomSessionRow } from './room-session.entity.ts';

/** A known member speaking in a room: where the conversation stands and where the answer goes. */
export interface Speaker {
  user: User;
  target: RoomTarget;
  /** The member's session in this room, if it still fits the room's scope. */
  current: RoomSessionRow | null;
  place: ReplyPlacement;
}

/** The one decision about a message; each kind has its own act. */
export type Route =
  | { kind: 'ignore'; reason: IgnoreReason }
  | { kind: 'file'; msg: InboundMessage; user: User }
  | { kind: 'reply-route'; msg: InboundMessage; target: ReplyTarget }
  | { kind: 'refuse'; msg: InboundMessage; place: ReplyPlacement }
  | { kind: 'command' | 'capture'; msg: InboundMessage; who: Speaker; command: ParsedCommand }
  | {
      kind: 'confirmation-answer';
      msg: InboundMessage;
      who: Speaker;
      text: string;
      asked: ConfirmationMessage;
    }
  | { kind: 'turn'; msg: InboundMessage; who: Speaker; text: string };

/** What the message says to the bot, read before anyone is looked up. */
interface Reading {
  isDirect: boolean;
  command: ParsedCommand | null;
  captured: boolean;
  mentioned: boolean;
  /** The text without the bot's name when it was named. */
  text: string;
  /** The bot's question in this room that the message replies to. */
  question: ConfirmationMessage | null;
}

/** Classifies one message (look-ups only; nothing is sent). */
export async function classify(d: PipelineDeps, msg: InboundMessage): Promise<Route> {
  if (msg.fileUrl) return classifyFile(d, msg);
  const parsed = parseCommand(msg.text);
  const routed = parsed ? null : await d.replyRoutes.target(msg.roomId, msg.sender, msg.inReplyTo);
  // a reply to a notification that named a reply handler: the handler answers, never the engine
  if (routed) return { kind: 'reply-route', msg, target: routed };
  const r = await read(d, msg, parsed);
  const early = await addressedBy(d, msg, r);
  if (early === false) return { kind: 'ignore', reason: 'not_addressed' };
  const user = early ?? (await d.users.findByMatrixId(msg.sender));
  const place: ReplyPlacement = {
    threadRoot: msg.threadRoot,
    inReplyTo: r.isDirect && !msg.threadRoot ? undefined : msg.eventId,
  };
  if (!user) return { kind: 'refuse', msg, place };
  const who = await speaker(d, msg.roomId, user, place);
  if (r.command) return { kind: r.captured ? 'capture' : 'command', msg, who, command: r.command };
  return conversational(d, msg, who, r);
}

async function classifyFile(d: PipelineDeps, msg: InboundMessage): Promise<Route> {
  const user = await d.users.findByMatrixId(msg.sender);
  return user ? { kind: 'file', msg, user } : { kind: 'ignore', reason: 'unsupported' };
}

async function read(d: PipelineDeps, msg: InboundMessage, parsed: ParsedCommand | null): Promise<Reading> {
  const isDirect = await d.members.isDirect(msg.roomId);
  // in a room mapped to a capture scope (the notepad), every plain message is that command's input
  const mentionsBot = !parsed && isMentioned(msg.content, d.bot);
  const captured = parsed || mentionsBot ? null : await captureIn(d, msg.roomId, msg.text);
  const command = parsed ?? captured;
  const mentioned = !command && mentionsBot;
  const asked = msg.inReplyTo ? await d.confirmationMessages.byEvent(msg.inReplyTo) : null;
  return {
    isDirect,
    command,
    captured: !!captured,
    mentioned,
    text: mentioned ? stripMention(msg.text, d.bot) : msg.text,
    question: asked?.roomId === msg.roomId ? asked : null,
  };
}

/**
 * Whether the message is for the bot: false when not; otherwise the sender when finding that out needed them
 * (a bare yes/no in a group answers the bot only when the engine awaits that person's answer), else null.
 */
async function addressedBy(d: PipelineDeps, msg: InboundMessage, r: Reading): Promise<User | null | false> {
  const plain = !r.isDirect && !r.mentioned && !r.command && !r.question;
  if (!plain || !readYesNo(r.text)) {
    const addressed = isAddressed({ ...r, isCommand: !!r.command, answersBot: !!r.question });
    return addressed ? null : false;
  }
  const user = await d.users.findByMatrixId(msg.sender);
  const asked = user ? await d.confirmationMessages.latest(msg.roomId, user.id) : null;
  const answers = !!user && (await d.turns.answersConfirmation(r.text, asked?.confirmationId, user.id));
  return answers ? user : false;
}

async function speaker(d: PipelineDeps, roomId: string, user: User, place: ReplyPlacement): Promise<Speaker> {
  const target = await d.resolver.resolve(roomId);
  const current = await d.roomSessions.current(roomId, user.id, target.workspace);
  return { user, target, current: current && sameScope(current.scope, target.scope) ? current : null, place };
}

/** A turn for the engine, or the answer to the bot's question it replies to. */
async function conversational(
  d: PipelineDeps,
  msg: InboundMessage,
  who: Speaker,
  r: Reading,
): Promise<Route> {
  // a group's turns say who spoke; a DM has one speaker
  const text = r.isDirect
    ? r.text
    : withSenderName((await d.members.displayName(msg.roomId, msg.sender)) ?? who.user.displayName, r.text);
  if (!text.replace(/^\[[^\]]*\]\s*/, '').trim()) return { kind: 'ignore', reason: 'no_text' };
  const asked = r.question;
  if (asked && readYesNo(r.text) && asked.userId === who.user.id)
    return { kind: 'confirmation-answer', msg, who, text, asked };
  return { kind: 'turn', msg, who, text };
}
