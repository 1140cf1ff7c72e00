// calendar_create_task and calendar_complete_task (tier 1): to-dos with a due date and priority, as VTODOs phones sync.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { CalendarTask } from '../calendar-task.ts';
import { findItem } from '../lists/list-items.ts';
import { listLabel } from '../lists/list-tools.ts';
import { formatDay, formatTime, isoUtc, parseMoment } from '../zoned-time.ts';
import { bookFor, type CalendarToolDeps, calendarAvailable } from './calendar-tool-deps.ts';

const priorities = { high: 1, medium: 5, low: 9 } as const;
const familyField = z.boolean().optional().describe('true: household, false: own, omit: the room decides');

/** A task as the model sees it, its due moment in words. */
export function taskView(task: CalendarTask, timeZone: string) {
  const due = !task.due
    ? undefined
    : task.due.length === 10
      ? formatDay(task.due, timeZone)
      : `${formatDay(Date.parse(task.due), timeZone)}, ${formatTime(Date.parse(task.due), timeZone)}`;
  const priority = task.priority
    ? task.priority <= 4
      ? 'high'
      : task.priority === 5
        ? 'medium'
        : 'low'
    : undefined;
  return {
    uid: task.uid,
    title: task.title,
    ...(due ? { due } : {}),
    ...(priority ? { priority } : {}),
    done: task.completed,
  };
}

/** Builds the two task tools. */
export function taskTools(deps: CalendarToolDeps) {
  const available = calendarAvailable(deps);
  const owned = async (ctx: { principal?: any; workspace?: string | null }, family?: boolean) => {
    const { book, user } = bookFor(deps, ctx.principal);
    return book.tasksFor({ userId: user.userId, workspace: ctx.workspace ?? null, family });
  };
  const create = defineTool({
    name: 'calendar_create_task',
    description: 'Create a to-do (synced to phones).',
    examples: [
      'todo: renew the passport by june',
      'add a task to fix the fence',
      'neue Aufgabe: Steuererklärung',
      'tarea: pagar la factura',
    ],
    tier: 1,
    scopes: ['general', 'calendar', 'planning'],
    audience: 'household',
    input: z
      .object({
        title: z.string().trim().min(1).max(200),
        due: z.string().trim().min(10).max(40).optional(),
        priority: z.enum(['high', 'medium', 'low']).optional(),
        notes: z.string().trim().max(2000).optional(),
        family: familyField,
      })
      .strict(),
    available,
    async run(input, ctx) {
      const timeZone = await deps.timeZone();
      const due = input.due ? parseMoment(input.due, timeZone) : null;
      const list = await owned(ctx, input.family);
      const task = await list.tasks.add({
        title: input.title,
        ...(due ? { due: due.kind === 'date' ? due.date : isoUtc(due.at) } : {}),
        ...(input.priority ? { priority: priorities[input.priority] } : {}),
        ...(input.notes ? { description: input.notes } : {}),
        completed: false,
      });
      return { created: true, list: listLabel(list), ...taskView(task, timeZone) };
    },
  });
  const complete = defineTool({
    name: 'calendar_complete_task',
    description: 'Mark a to-do done, by uid or title.',
    examples: [
      'the passport task is done, mark it finished',
      'tick off the todo',
      'Aufgabe erledigt',
      'tarea hecha',
    ],
    tier: 1,
    scopes: ['general', 'calendar', 'planning'],
    audience: 'household',
    input: z
      .object({
        uid: z.string().trim().min(1).max(300).optional(),
        title: z.string().trim().min(1).max(200).optional(),
        family: familyField,
      })
      .strict()
      .refine((i) => i.uid || i.title, 'give the task’s uid or title'),
    available,
    async run(input, ctx) {
      const timeZone = await deps.timeZone();
      const list = await owned(ctx, input.family);
      const stored = await list.tasks.stored(timeZone);
      const hit = input.uid
        ? (stored.find((s) => s.task.uid === input.uid) ?? null)
        : findItem(stored, input.title as string);
      if (!hit) throw new Error(`there is no such task on ${listLabel(list)}`);
      const done = hit.task.completed
        ? hit.task
        : await list.tasks.save(hit, { ...hit.task, completed: true, completedAt: new Date().toISOString() });
      return { completed: true, list: listLabel(list), ...taskView(done, timeZone) };
    },
  });
  return [create, complete];
}
