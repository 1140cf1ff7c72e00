// A bang-command (or a capture room's plain message) answered in the room: a reaction when the command only
// acknowledges, otherwise its reply as a notice.
import type { Speaker } from './classify.ts';
import { type ParsedCommand, runCommand } from './command-router.ts';
import type { HandlingOutcome } from './handling-outcome.ts';
import type { InboundMessage } from './inbound-message.ts';
import type { PipelineDeps } from './pipeline-deps.ts';
import { messageContent } from './reply-format.ts';

type CommandDeps = Pick<PipelineDeps, 'commands' | 'resolver' | 'sender' | 'logger'>;

/** The capture command of the room's scope (a command declaring `captureScope`), as if the message had invoked it. */
export async function captureIn(d: CommandDeps, roomId: string, raw: string): Promise<ParsedCommand | null> {
  if (!raw) return null;
  const capturing = d.commands.list().filter((c) => c.captureScope);
  if (!capturing.length) return null;
  const { scope } = await d.resolver.resolve(roomId);
  const def = capturing.find((c) => scope?.includes(c.captureScope!));
  return def ? { name: def.name, args: raw.split(/\s+/), argsText: raw } : null;
}

/** Runs the command as the user, in the room's workspace and session, and answers. */
export async function answerCommand(
  d: CommandDeps,
  command: ParsedCommand,
  msg: InboundMessage,
  who: Speaker,
): Promise<HandlingOutcome> {
  const { roomId, eventId } = msg;
  const reply = await runCommand(
    d.commands,
    command,
    {
      userId: who.user.id,
      role: who.user.role,
      roomId,
      sessionId: who.current?.sessionId,
      workspace: who.target.workspace,
      roomScope: who.target.scope,
      eventId,
    },
    d.logger,
  );
  if (typeof reply !== 'string') return react(d, msg, reply.react);
  const content = messageContent(reply, who.place, { notice: true });
  const replyEventId = await d.sender.answer(roomId, content, eventId, 'command');
  return { status: 'answered', how: 'command', replyEventId };
}

/** A command that only acknowledges: its reaction on the message. */
async function react(d: CommandDeps, msg: InboundMessage, key: string): Promise<HandlingOutcome> {
  const reaction = { 'm.relates_to': { rel_type: 'm.annotation', event_id: msg.eventId, key } };
  const replyEventId = await d.sender.send(msg.roomId, reaction, {
    key: `react:${msg.eventId}`,
    kind: 'reaction',
    type: 'm.reaction',
  });
  return { status: 'answered', how: 'command', replyEventId };
}
