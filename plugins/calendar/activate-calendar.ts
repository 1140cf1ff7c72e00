// Activates the calendar plugin: the embedded or CalDAV backend, tools, reminders, the briefing, commands, planning modes (loaded on activation
// only, so a CLI reading the plugin's migrations does not load CalDAV and iCalendar).
import type { PluginContext } from 'quorra/plugin';
import { briefingCommand } from './briefing/briefing-command.ts';
import { BriefingService } from './briefing/briefing-service.ts';
import { CaldavBackend } from './caldav-backend.ts';
import { CalendarBook } from './calendar-book.ts';
import { CalendarHealth, heldReminderNotices, withNotices } from './calendar-health.ts';
import { calendarScope } from './calendar-scope.ts';
import type { CalendarSettings } from './calendar-settings.ts';
import { EmbeddedBackend } from './embedded/embedded-backend.ts';
import { listCommand } from './lists/list-command.ts';
import { listTools } from './lists/list-tools.ts';
import { findFreeTime } from './planning/find-free-time.ts';
import { planningModes } from './planning/planning-modes.ts';
import { planningScope, schedulingMode, weeklyReviewMode } from './planning/planning-prompts.ts';
import { ReminderService } from './reminders/reminder-service.ts';
import { reminderTools } from './reminders/reminder-tools.ts';
import { reminderClaimHook } from './reminders/reply-guard.ts';
import { SeenEvents } from './seen-events.ts';
import { addSubscriptionRoutes } from './subscriptions/subscription-routes.ts';
import { SubscriptionService } from './subscriptions/subscription-service.ts';
import { subscriptionUpload } from './subscriptions/subscription-upload.ts';
import { listTasksTool } from './tasks/list-tasks-tool.ts';
import { tasksCommand } from './tasks/tasks-command.ts';
import { addTodayRoute } from './today-route.ts';
import { addEvent } from './tools/add-event.ts';
import type { CalendarToolDeps } from './tools/calendar-tool-deps.ts';
import { deleteEvent } from './tools/delete-event.ts';
import { queryEvents } from './tools/query-events.ts';
import { taskTools } from './tools/task-tools.ts';
import { updateEvent } from './tools/update-event.ts';

/** What the plugin exposes (to dependents and tests). */
export interface CalendarApi {
  book: CalendarBook;
  subscriptions: SubscriptionService;
  reminders: ReminderService;
  briefings: BriefingService;
}

/** Wires everything up; what it returns is the plugin's API. */
export async function activateCalendar(ctx: PluginContext<CalendarSettings>): Promise<CalendarApi> {
  const { settings } = ctx;
  const members = async () =>
    (await ctx.people.list()).map((u) => ({ id: u.id, name: u.displayName, timezone: u.timezone }));
  const isFamilyRoom = async (slug: string | null) =>
    !!slug && (await ctx.workspaces.get(slug))?.kind === 'household';
  // without a CalDAV server the household's time lives in Quorra's own database: nothing to set up
  const backend = settings.url
    ? new CaldavBackend({ ...settings, url: settings.url })
    : new EmbeddedBackend(ctx.db);
  const book = new CalendarBook(settings, { members, isFamilyRoom }, backend);
  const timeZone = async () => settings.timezone ?? (await ctx.people.owners())[0]?.timezone ?? 'UTC';
  const subscriptions = new SubscriptionService(ctx.db);
  addSubscriptionRoutes(ctx.http, subscriptions);
  ctx.files.add(subscriptionUpload(subscriptions));
  ctx.schedule(
    '*/30 * * * *',
    'calendar-subscriptions',
    () => subscriptions.refreshAll().then(() => undefined),
    'Fetches the calendars you subscribed to again',
  );
  const deps: CalendarToolDeps = { book, timeZone, seen: new SeenEvents(), subscriptions };
  const notify = (userId: string, text: string) => ctx.notify(userId, text, { urgency: 'high' });

  const nameOf = async (id: string) => (await members()).find((m) => m.id === id)?.name ?? null;
  const undeliverable = async (id: string) => {
    const person = await ctx.people.get(id);
    if (!person) return 'they are no longer in the household';
    return person.matrixIds.length ? null : `${person.displayName} has no Matrix account linked`;
  };
  const reminders = new ReminderService(ctx.db, { notify, nameOf, undeliverable }, ctx.logger);
  ctx.onDispose(() => reminders.stop());
  await reminders.start();
  ctx.hooks.add('reviewReply', reminderClaimHook(ctx.metrics, ctx.logger));

  const takeSurfaceOnce = (userId: string) => ctx.memories.takeSurfaceOnce(userId);
  const briefings = new BriefingService(
    ctx.db,
    { book, reminders, takeSurfaceOnce, members, notify },
    ctx.logger,
  );
  ctx.schedule(
    '* * * * *',
    'daily-briefings',
    () => briefings.runDue(reminders.now()).then(() => undefined),
    'Sends each person’s morning briefing at their time',
  );
  ctx.commands.add(briefingCommand(briefings, members, () => reminders.now()));
  ctx.commands.add(listCommand(book));
  ctx.commands.add(tasksCommand(book, timeZone, () => reminders.now()));

  for (const prompt of [calendarScope, planningScope, weeklyReviewMode, schedulingMode])
    ctx.prompts.add(prompt);
  const now = () => reminders.now();
  for (const mode of planningModes({ book, timeZone, now, hours: settings.workingHours }))
    ctx.modes.add(mode);
  for (const tool of [queryEvents(deps), addEvent(deps), updateEvent(deps), deleteEvent(deps)])
    ctx.tools.add(tool);
  for (const tool of [
    ...taskTools(deps),
    ...listTools(deps),
    findFreeTime(deps, settings.workingHours),
    listTasksTool(deps, now),
  ])
    ctx.tools.add(tool);
  for (const tool of reminderTools({ reminders, members, timeZone })) ctx.tools.add(tool);
  const health = new CalendarHealth(() => book.household.probe(), Date.now, 60_000, backend.kind);
  ctx.healthCheck(async () =>
    withNotices(await health.check(), [
      ...(await heldReminderNotices(await reminders.store.held(), nameOf)),
      ...(await subscriptions.notices(await timeZone())),
    ]),
  );
  const member = async (id: string) => (await members()).find((m) => m.id === id) ?? null;
  addTodayRoute(ctx.http, { book, reminders, member });
  return { book, subscriptions, reminders, briefings };
}
