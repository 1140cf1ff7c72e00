// `!quorra tasks [overdue]`: the open to-dos without the model, by the same query as calendar_list_tasks.
import type { CommandDefinition } from 'quorra/plugin';
import type { CalendarBook } from '../calendar-book.ts';
import { formatDay } from '../zoned-time.ts';
import { queryTasks } from './task-query.ts';

/** Builds the command. */
export function tasksCommand(
  book: CalendarBook,
  timeZone: () => Promise<string>,
  now: () => number,
): CommandDefinition {
  return {
    name: 'tasks',
    description:
      'show the open to-dos: the household’s in a family room, yours and the household’s in a direct chat',
    usage: '!quorra tasks [overdue]',
    permission: 'member',
    async run(args, ctx) {
      const overdue = args[0]?.toLowerCase() === 'overdue';
      const tz = await timeZone();
      const { rows, unreadable } = await queryTasks(
        book,
        { userId: ctx.userId, workspace: ctx.workspace ?? null },
        overdue ? { overdue: true } : {},
        now(),
        tz,
      );
      const lines = rows.map(
        (r) =>
          `- ${r.task.title}${r.dueDay ? ` (due ${formatDay(r.dueDay, tz)}${r.overdue ? ', overdue' : ''})` : ''}${r.whose === 'household' ? ' (household)' : ''}`,
      );
      const head = overdue ? 'Overdue tasks' : 'Open tasks';
      const missing = unreadable.map((u) => `(${u} could not be read)`);
      if (!lines.length) return [`No ${head.toLowerCase()}.`, ...missing].join('\n');
      return [`${head}:`, ...lines, ...missing].join('\n');
    },
  };
}
