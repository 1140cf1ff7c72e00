// What each route of a classified message does: one act per route, each sending at most one answer.

import type { User } from '../auth/user.entity.ts';
import type { Route } from './classify.ts';
import { answerCommand } from './command-answer.ts';
import { FileUploads } from './file-uploads.ts';
import type { HandlingOutcome } from './handling-outcome.ts';
import { utcDay } from './inbound-filter.ts';
import type { InboundMessage } from './inbound-message.ts';
import type { PipelineDeps } from './pipeline-deps.ts';
import { messageContent, type ReplyPlacement } from './reply-format.ts';
import type { ReplyTarget } from './reply-routes.ts';
import { answerWithTurn } from './turn-answer.ts';

/** What an unmapped sender hears, once per room and day. */
export const REFUSAL =
  'Sorry — I only talk with members of this household, and I don’t know you. Ask the owner to add your Matrix ID.';

/** Carries out the route the classifier chose. */
export function act(d: PipelineDeps, route: Route): Promise<HandlingOutcome> {
  switch (route.kind) {
    case 'ignore':
      return Promise.resolve({ status: 'ignored', reason: route.reason });
    case 'file':
      return actFile(d, route.msg, route.user);
    case 'reply-route':
      return actReplyRoute(d, route.msg, route.target);
    case 'refuse':
      return actRefuse(d, route.msg, route.place);
    case 'command':
    case 'capture':
      return answerCommand(d, route.command, route.msg, route.who);
    case 'confirmation-answer':
      return answerWithTurn(d, { msg: route.msg, who: route.who, text: route.text, asked: route.asked });
    case 'turn':
      return answerWithTurn(d, { msg: route.msg, who: route.who, text: route.text, asked: null });
  }
}

/** A reply to a notification that named a reply handler: the handler's answer, as a notice. */
async function actReplyRoute(
  d: PipelineDeps,
  msg: InboundMessage,
  target: ReplyTarget,
): Promise<HandlingOutcome> {
  const answer = await d.replyRoutes.answer(target, msg.text);
  const place = { threadRoot: msg.threadRoot, inReplyTo: msg.eventId };
  const content = messageContent(answer.text, place, { notice: true });
  const replyEventId = await d.sender.answer(msg.roomId, content, msg.eventId, 'reply-handler');
  return { status: 'answered', how: 'reply_handler', reason: answer.outcome, replyEventId };
}

/** A file upload: the first file handler that accepts it answers; nobody accepting means it is not for Quorra. */
async function actFile(d: PipelineDeps, msg: InboundMessage, user: User): Promise<HandlingOutcome> {
  const { roomId, eventId } = msg;
  const target = await d.resolver.resolve(roomId);
  const file = FileUploads.incoming(msg.content, await d.resolver.scopeOf(target), target.workspace);
  const handler = file && d.files.handlerFor(file);
  if (!file || !handler || !msg.fileUrl) return { status: 'ignored', reason: 'unsupported' };
  const answer = await d.files.deliver(handler, msg.fileUrl, file, {
    userId: user.id,
    role: user.role,
    roomId,
  });
  const content = messageContent(answer, { inReplyTo: eventId }, { notice: true });
  const replyEventId = await d.sender.answer(roomId, content, eventId, 'file');
  return { status: 'answered', how: 'file', replyEventId };
}

/** An unknown sender: told once per room and day who the bot talks with. */
async function actRefuse(
  d: PipelineDeps,
  msg: InboundMessage,
  place: ReplyPlacement,
): Promise<HandlingOutcome> {
  if (!(await d.refusals.once(msg.roomId, msg.sender, utcDay(new Date()))))
    return { status: 'ignored', reason: 'unmapped_repeat' };
  const content = messageContent(REFUSAL, place, { notice: true });
  const replyEventId = await d.sender.answer(msg.roomId, content, msg.eventId, 'refusal');
  return { status: 'refused', how: 'refusal', replyEventId };
}
