// `!quorra briefing [person] [HH:MM|off]`: who gets a daily briefing when; the owner sets anyone's, a member their own.
import type { CommandDefinition } from 'quorra/plugin';
import type { Member } from '../calendar-book.ts';
import type { BriefingService } from './briefing-service.ts';

/** Builds the command. */
export function briefingCommand(
  briefings: BriefingService,
  members: () => Promise<Member[]>,
  now: () => number,
): CommandDefinition {
  return {
    name: 'briefing',
    description: 'show or set the daily briefing (today’s events, due tasks, reminders) sent at a local time',
    usage: '!quorra briefing [person] [HH:MM|off]',
    permission: 'member',
    async run(args, ctx) {
      const all = await members();
      const nameOf = (id: string) => all.find((m) => m.id === id)?.name ?? id;
      if (!args.length) {
        const rows = (await briefings.list()).filter((b) => ctx.role === 'owner' || b.userId === ctx.userId);
        if (!rows.length)
          return 'No daily briefings are scheduled. Set one with `!quorra briefing <person> 07:00`.';
        return ['Daily briefings:', ...rows.map((b) => `- ${nameOf(b.userId)} at ${b.time}`)].join('\n');
      }
      const setting = args.at(-1) as string;
      const who = args.slice(0, -1).join(' ').trim();
      const member = who
        ? all.find((m) => m.id === who || m.name.toLowerCase() === who.toLowerCase())
        : all.find((m) => m.id === ctx.userId);
      if (!member) return 'There is no household member by that name.';
      if (member.id !== ctx.userId && ctx.role !== 'owner')
        return 'Only the owner can set another member’s briefing.';
      if (setting.toLowerCase() === 'off')
        return (await briefings.cancel(member.id))
          ? `${member.name}’s daily briefing is off.`
          : `${member.name} had no daily briefing.`;
      try {
        const row = await briefings.schedule(member.id, setting, ctx.userId, now());
        return `${member.name} gets the daily briefing every day at ${row.time} (${member.timezone}), as one message.`;
      } catch (err) {
        return `Not set: ${(err as Error).message}.`;
      }
    },
  };
}
