// Builds and parses iCalendar objects with ical.js: VEVENTs and VTODOs as CalendarEvent / CalendarTask.
import ICAL from 'ical.js';
import { type CalendarEvent, DAY_MS } from './calendar-event.ts';
import type { CalendarTask } from './calendar-task.ts';
import { type IcalWhen, icalDate, icalInstant, ZoneResolver } from './ical-time.ts';
import { isoUtc } from './zoned-time.ts';

const PRODID = '-//Quorra//Household Calendar//EN';
// ical.js adds the continuation space after folding at foldLength octets; 74 keeps every line within RFC 5545's 75
ICAL.foldLength = 74;

function vcalendar(): ICAL.Component {
  const cal = new ICAL.Component(['vcalendar', [], []]);
  cal.addPropertyWithValue('version', '2.0');
  cal.addPropertyWithValue('prodid', PRODID);
  cal.addPropertyWithValue('calscale', 'GREGORIAN');
  return cal;
}

function setText(c: ICAL.Component, name: string, value: string | undefined): void {
  if (value) c.updatePropertyWithValue(name, value);
  else c.removeAllProperties(name);
}

/** A whole VCALENDAR holding one VEVENT (UTC instants, or dates with an exclusive end). */
export function buildEvent(event: CalendarEvent, now = new Date()): string {
  const cal = vcalendar();
  const ev = new ICAL.Component('vevent');
  ev.addPropertyWithValue('uid', event.uid);
  ev.addPropertyWithValue('dtstamp', icalInstant(now.getTime()));
  const when = (v: string) => (event.allDay ? icalDate(v) : icalInstant(v));
  ev.addPropertyWithValue('dtstart', when(event.start));
  ev.addPropertyWithValue('dtend', when(event.end));
  ev.addPropertyWithValue('summary', event.title);
  setText(ev, 'location', event.location);
  setText(ev, 'description', event.description);
  cal.addSubcomponent(ev);
  return cal.toString();
}

/** Writes a task's fields into a VTODO (new, or one read from the server so other clients' fields survive). */
export function writeTodo(todo: ICAL.Component, task: CalendarTask, now = new Date()): void {
  todo.updatePropertyWithValue('uid', task.uid);
  todo.updatePropertyWithValue('dtstamp', icalInstant(now.getTime()));
  todo.updatePropertyWithValue('last-modified', icalInstant(now.getTime()));
  todo.updatePropertyWithValue('summary', task.title);
  todo.removeAllProperties('due');
  if (task.due)
    todo.addPropertyWithValue('due', task.due.length === 10 ? icalDate(task.due) : icalInstant(task.due));
  todo.removeAllProperties('priority');
  if (task.priority) todo.addPropertyWithValue('priority', task.priority);
  setText(todo, 'description', task.description);
  todo.updatePropertyWithValue('status', task.completed ? 'COMPLETED' : 'NEEDS-ACTION');
  todo.removeAllProperties('completed');
  todo.removeAllProperties('percent-complete');
  if (task.completed) {
    todo.addPropertyWithValue('completed', icalInstant(task.completedAt ?? now.getTime()));
    todo.addPropertyWithValue('percent-complete', 100);
  }
}

/** A whole VCALENDAR holding one VTODO. */
export function buildTodo(task: CalendarTask, now = new Date()): string {
  const cal = vcalendar();
  const todo = new ICAL.Component('vtodo');
  writeTodo(todo, task, now);
  cal.addSubcomponent(todo);
  return cal.toString();
}

/** Parses iCalendar text; null when it is not iCalendar at all. */
export function readCalendar(ics: string): ICAL.Component | null {
  try {
    const cal = new ICAL.Component(ICAL.parse(ics));
    return cal.name === 'vcalendar' ? cal : null;
  } catch {
    return null;
  }
}

const text = (c: ICAL.Component, name: string) => {
  const v = c.getFirstPropertyValue(name);
  return typeof v === 'string' && v.trim() ? v : undefined;
};

/** One VEVENT (a master or an override) as a CalendarEvent; null without UID or DTSTART. */
export function toEvent(ev: ICAL.Component, zones: ZoneResolver): CalendarEvent | null {
  const uid = text(ev, 'uid')?.trim();
  const start = zones.readProperty(ev, 'dtstart');
  if (!uid || !start) return null;
  const end = zones.readProperty(ev, 'dtend');
  const duration = ev.getFirstPropertyValue('duration');
  const ms = duration instanceof ICAL.Duration ? duration.toSeconds() * 1000 : null;
  return eventAt(
    {
      uid,
      title: text(ev, 'summary') ?? '(untitled)',
      ...(text(ev, 'location') ? { location: text(ev, 'location') } : {}),
      ...(text(ev, 'description') ? { description: text(ev, 'description') } : {}),
      ...(ev.hasProperty('rrule') || ev.hasProperty('rdate') ? { recurring: true } : {}),
    },
    start,
    end ?? ms,
  );
}

/** An event from its fields, a start and an end (a time value, or a length in ms; null = the default length). */
export function eventAt(
  base: Omit<CalendarEvent, 'start' | 'end' | 'allDay'>,
  start: IcalWhen,
  end: IcalWhen | number | null,
): CalendarEvent {
  if ('date' in start) {
    const startMs = Date.parse(`${start.date}T00:00:00Z`);
    const endMs =
      end !== null && typeof end === 'object' && 'date' in end
        ? Date.parse(`${end.date}T00:00:00Z`)
        : startMs + Math.max(typeof end === 'number' ? end : DAY_MS, DAY_MS);
    const last = new Date(Math.max(endMs, startMs + DAY_MS)).toISOString().slice(0, 10);
    return { ...base, start: start.date, end: last, allDay: true };
  }
  const endAt =
    end !== null && typeof end === 'object' && 'at' in end
      ? end.at
      : start.at + (typeof end === 'number' ? end : 0);
  return { ...base, start: isoUtc(start.at), end: isoUtc(Math.max(endAt, start.at)), allDay: false };
}

/** Every event in an iCalendar text as stored (repeating ones once, at their first start; overrides left out). */
export function parseEvents(ics: string, timeZone = 'UTC'): CalendarEvent[] {
  const cal = readCalendar(ics);
  if (!cal) return [];
  const zones = new ZoneResolver(cal, timeZone);
  return cal
    .getAllSubcomponents('vevent')
    .filter((ev) => !ev.hasProperty('recurrence-id'))
    .flatMap((ev) => toEvent(ev, zones) ?? []);
}

/** One VTODO as a CalendarTask; null without a UID. */
export function toTask(todo: ICAL.Component, zones: ZoneResolver): CalendarTask | null {
  const uid = text(todo, 'uid')?.trim();
  if (!uid) return null;
  const due = zones.readProperty(todo, 'due');
  const completedAt = zones.readProperty(todo, 'completed');
  const status = String(todo.getFirstPropertyValue('status') ?? '').toUpperCase();
  const priority = Number(todo.getFirstPropertyValue('priority') ?? 0);
  return {
    uid,
    title: text(todo, 'summary') ?? '(untitled)',
    ...(due ? { due: 'date' in due ? due.date : isoUtc(due.at) } : {}),
    ...(priority >= 1 && priority <= 9 ? { priority } : {}),
    completed: status === 'COMPLETED' || completedAt !== null,
    ...(completedAt && 'at' in completedAt ? { completedAt: isoUtc(completedAt.at) } : {}),
    ...(text(todo, 'description') ? { description: text(todo, 'description') } : {}),
  };
}

/** Every task in an iCalendar text. */
export function parseTodos(ics: string, timeZone = 'UTC'): CalendarTask[] {
  const cal = readCalendar(ics);
  if (!cal) return [];
  const zones = new ZoneResolver(cal, timeZone);
  return cal.getAllSubcomponents('vtodo').flatMap((t) => toTask(t, zones) ?? []);
}

/** The UID of an object's first event or task (an object holds one UID with its overrides); null when none. */
export function objectUid(ics: string): string | null {
  const cal = readCalendar(ics);
  const first = cal?.getAllSubcomponents().find((c) => c.name === 'vevent' || c.name === 'vtodo');
  const uid = first?.getFirstPropertyValue('uid');
  return typeof uid === 'string' && uid.trim() ? uid.trim() : null;
}
