// reminder_set (tier 1), reminder_list (tier 0), reminder_cancel (tier 1): reminders that are stored, scheduled and really sent.

import { defineTool, isUser, type Principal } from 'quorra/plugin';
import { z } from 'zod';
import type { Member } from '../calendar-book.ts';
import type { Reminder } from './reminder.entity.ts';
import { firesAt, type ReminderService } from './reminder-service.ts';
import { weekdayNames } from './repeat-rule.ts';

/** What the reminder tools need. */
export interface ReminderToolDeps {
  reminders: ReminderService;
  members: () => Promise<Member[]>;
  /** The household zone, for a member without one. */
  timeZone: () => Promise<string>;
}

const scopes = ['general', 'calendar', 'planning'];
const available = (turn: { principal?: Principal }) => isUser(turn.principal);

function me(principal: Principal | undefined): string {
  if (!isUser(principal)) throw new Error('reminders are for household members only');
  return principal.userId;
}

/** Builds the three reminder tools. */
export function reminderTools(deps: ReminderToolDeps) {
  const nameOf = async (id: string) => (await deps.members()).find((m) => m.id === id)?.name ?? 'someone';
  const view = async (r: Reminder, userId: string) => ({
    id: r.id,
    text: r.text,
    fires_at: firesAt(r),
    ...(deps.reminders.repeatText(r) ? { repeats: deps.reminders.repeatText(r) } : {}),
    ...(r.userId !== userId ? { for: await nameOf(r.userId) } : {}),
    ...(r.createdBy !== userId ? { from: await nameOf(r.createdBy) } : {}),
  });

  const set = defineTool({
    name: 'reminder_set',
    // the last sentence keeps a small model from saying "done" over a failed call
    description:
      'Remind by message at a time or in_minutes, maybe repeating. Set only if this returns set: true.',
    examples: [
      'remind me to call mum at 5',
      "don't let me forget the bins every monday",
      'erinnere mich morgen an den Zahnarzt',
      'rappelle-moi à 8h, recuérdame',
    ],
    tier: 1,
    scopes,
    audience: 'household',
    input: z
      .object({
        text: z.string().trim().min(1).max(500),
        at: z.string().trim().min(16).max(40).optional(),
        in_minutes: z.number().int().min(1).max(525_600).optional(),
        repeat: z.enum(['daily', 'weekdays', 'weekly', 'monthly', 'yearly']).optional(),
        days: z.array(z.enum(weekdayNames)).min(1).max(7).optional(),
        person: z.string().trim().min(1).max(200).optional().describe('another member; omit for the asker'),
      })
      .strict(),
    available,
    async run(input, ctx) {
      const self = me(ctx.principal);
      const members = await deps.members();
      const target = input.person
        ? members.find((m) => m.id === input.person || m.name.toLowerCase() === input.person?.toLowerCase())
        : members.find((m) => m.id === self);
      if (!target) throw new Error(`there is no household member called "${input.person}"`);
      const r = await deps.reminders.set({
        createdBy: self,
        userId: target.id,
        text: input.text,
        timeZone: target.timezone || (await deps.timeZone()),
        ...(input.at !== undefined ? { at: input.at } : {}),
        ...(input.in_minutes !== undefined ? { inMinutes: input.in_minutes } : {}),
        ...(input.repeat ? { repeat: input.repeat } : {}),
        ...(input.days ? { days: input.days } : {}),
      });
      return { set: true, ...(await view(r, self)) };
    },
  });

  const list = defineTool({
    name: 'reminder_list',
    description: "List the person's waiting reminders.",
    examples: [
      'what reminders do I have',
      'which alarms are set',
      'welche Erinnerungen',
      'list upcoming reminders',
    ],
    tier: 0,
    scopes,
    audience: 'household',
    input: z.object({}).strict(),
    available,
    async run(_input, ctx) {
      const self = me(ctx.principal);
      const rows = await deps.reminders.list(self);
      return { count: rows.length, reminders: await Promise.all(rows.map((r) => view(r, self))) };
    },
  });

  const cancel = defineTool({
    name: 'reminder_cancel',
    description: 'Cancel a reminder by id (from reminder_list).',
    examples: [
      'cancel the bins reminder',
      "stop reminding me about the pills, don't remind me anymore",
      'lösch die Erinnerung',
      'annule le rappel',
    ],
    tier: 1,
    scopes,
    audience: 'household',
    input: z.object({ id: z.string().trim().min(1).max(64) }).strict(),
    available,
    async run({ id }, ctx) {
      const self = me(ctx.principal);
      const r = await deps.reminders.cancel(id, self);
      if (!r) throw new Error(`there is no waiting reminder ${id} of yours`);
      return { cancelled: true, id: r.id, text: r.text, was_due: firesAt(r) };
    },
  });
  return [set, list, cancel];
}
