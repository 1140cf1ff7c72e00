// calendar_list_tasks (tier 0): reads the to-do list — open, done, due before a day, overdue, whose, which list.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import { bookFor, type CalendarToolDeps, calendarAvailable } from '../tools/calendar-tool-deps.ts';
import { taskView } from '../tools/task-tools.ts';
import { parseMoment } from '../zoned-time.ts';
import { queryTasks } from './task-query.ts';

/** Builds the tool; `now` is the plugin's clock. */
export function listTasksTool(deps: CalendarToolDeps, now: () => number) {
  return defineTool({
    name: 'calendar_list_tasks',
    description: 'Read the to-do list (open tasks unless status says otherwise).',
    examples: [
      'what is on my to-do list, open tasks',
      'which tasks are overdue, what is due before friday',
      'was steht auf meiner Aufgabenliste',
      'quelles tâches reste-t-il, tareas pendientes',
    ],
    tier: 0,
    audience: 'household',
    scopes: ['general', 'calendar', 'planning'],
    input: z
      .object({
        status: z.enum(['open', 'done', 'all']).optional(),
        due_before: z.string().trim().min(10).max(10).optional(),
        overdue: z.boolean().optional(),
        list: z.string().trim().min(1).max(100).optional(),
        whose: z.enum(['mine', 'household', 'both']).optional(),
      })
      .strict(),
    available: calendarAvailable(deps),
    async run(input, ctx) {
      const { book, user } = bookFor(deps, ctx.principal);
      const timeZone = await deps.timeZone();
      const before = input.due_before ? parseMoment(input.due_before, timeZone) : null;
      if (before && before.kind !== 'date') throw new Error('due_before is a day: YYYY-MM-DD');
      const { rows, unreadable } = await queryTasks(
        book,
        { userId: user.userId, workspace: ctx.workspace ?? null },
        {
          ...(input.status ? { status: input.status } : {}),
          ...(before?.kind === 'date' ? { dueBefore: before.date } : {}),
          ...(input.overdue ? { overdue: true } : {}),
          ...(input.list ? { list: input.list } : {}),
          ...(input.whose ? { whose: input.whose } : {}),
        },
        now(),
        timeZone,
      );
      return {
        count: rows.length,
        tasks: rows.map((r) => ({
          ...taskView(r.task, timeZone),
          whose: r.whose,
          list: r.list,
          ...(r.overdue ? { overdue: true } : {}),
        })),
        ...(unreadable.length ? { could_not_read: unreadable } : {}),
      };
    },
  });
}
