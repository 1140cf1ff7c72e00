// The calendar capability: what Quorra needs from wherever the household's time is kept (embedded or CalDAV).
import type { CalendarEvent } from './calendar-event.ts';
import type { CalendarTask } from './calendar-task.ts';

/** One stored iCalendar object (a CalDAV resource or an embedded row): where it is, its text. */
export interface StoredObject {
  url: string;
  etag?: string;
  data?: any;
}

/** An event found by UID with the object holding it. */
export interface FoundEvent {
  event: CalendarEvent;
  object: StoredObject;
}

/** A task with the object holding it. */
export interface StoredTask {
  task: CalendarTask;
  object: StoredObject;
}

/** A raw iCalendar object by UID, as a move or an import copies it (nothing parsed, nothing lost). */
export interface RawObject {
  uid: string;
  ics: string;
}

/** One calendar of events. */
export interface EventCalendar {
  /** The calendar's display name. */
  calendarName(): Promise<string>;
  /** One round trip to the store; resolves with the calendar's name or throws. */
  probe(): Promise<string>;
  /** Event instances overlapping [from, to) (UTC ms), repeating ones expanded, sorted by start. */
  query(from: number, to: number, timeZone?: string): Promise<CalendarEvent[]>;
  /** Stores a new event under a fresh UID. */
  add(event: Omit<CalendarEvent, 'uid'>): Promise<CalendarEvent>;
  /** The event with this UID, or null. */
  find(uid: string, timeZone?: string): Promise<FoundEvent | null>;
  /** Replaces a found event with new fields. */
  update(found: { object: StoredObject }, event: CalendarEvent): Promise<CalendarEvent>;
  /** Deletes by UID; what was deleted, or null. */
  remove(uid: string, timeZone?: string): Promise<CalendarEvent | null>;
  /** Every object as stored. */
  objects(): Promise<RawObject[]>;
  /** Stores (or replaces) a whole object under its UID. */
  putObject(object: RawObject): Promise<void>;
}

/** One task list (to-dos, or a shopping list's items). */
export interface TaskList {
  /** The list's display name. */
  displayName(): Promise<string>;
  /** Every task with its object, open ones first. */
  stored(timeZone?: string): Promise<StoredTask[]>;
  /** Every task, open ones first. */
  list(timeZone?: string): Promise<CalendarTask[]>;
  /** Stores a new task under a fresh UID. */
  add(task: Omit<CalendarTask, 'uid'>): Promise<CalendarTask>;
  /** Writes changed fields back, keeping what other clients put in the object. */
  save(stored: StoredTask, changed: CalendarTask): Promise<CalendarTask>;
  /** Every object as stored. */
  objects(): Promise<RawObject[]>;
  /** Stores (or replaces) a whole object under its UID. */
  putObject(object: RawObject): Promise<void>;
}

/** A collection as a move copies it. */
export interface CollectionRef {
  kind: 'VEVENT' | 'VTODO';
  /** The name or path the book asks for. */
  name: string;
  /** The display name a new collection gets. */
  displayName: string;
}

/** Where calendars and lists are kept. */
export interface CalendarBackend {
  readonly kind: 'embedded' | 'caldav';
  /** A calendar by display name (or path containing `/`), created when first written. */
  calendar(name: string): EventCalendar;
  /** A task list by name or path, `displayName` naming a new one. */
  taskList(name: string, displayName?: string): TaskList;
}
