// Where the household's time lives: the household calendar, each member's own calendar, task lists shared or personal,
// on whichever backend keeps them (embedded or CalDAV).
import { slugify } from 'quorra/plugin';
import type { CalendarBackend, EventCalendar, TaskList } from './calendar-backend.ts';
import type { CalendarSettings } from './calendar-settings.ts';

/** A household member as the calendar needs them. */
export interface Member {
  id: string;
  name: string;
  timezone: string;
}

/** What the book asks the core. */
export interface BookPorts {
  /** Every household member. */
  members(): Promise<Member[]>;
  /** True when a workspace is a household (family) room; personal chat is null. */
  isFamilyRoom(workspace: string | null): Promise<boolean>;
}

/** A calendar and whose it is. */
export interface OwnedCalendar {
  client: EventCalendar;
  /** "household", or the member's name. */
  whose: string;
}

/** A list and whose it is. */
export interface OwnedList {
  tasks: TaskList;
  /** "household", or the member's name. */
  whose: string;
  /** The list's name as people say it ("Shopping"). */
  list: string;
}

/** A list name as stored: trimmed, "list" dropped, first letter capital ("shopping list" → "Shopping"). */
export function listName(name: string): string {
  const bare =
    name
      .trim()
      .replace(/\s+list$/i, '')
      .replace(/\s+/g, ' ') || 'Shopping';
  return bare.charAt(0).toUpperCase() + bare.slice(1);
}

/** The household's calendars and lists on one backend. */
export class CalendarBook {
  readonly household: EventCalendar;

  constructor(
    private readonly settings: CalendarSettings,
    readonly ports: BookPorts,
    readonly backend: CalendarBackend,
  ) {
    this.household = backend.calendar(settings.calendar);
  }

  /** The member a name or id refers to (case-insensitive), or null. */
  async member(ref: string): Promise<Member | null> {
    const want = ref.trim().toLowerCase();
    const all = await this.ports.members();
    return (
      all.find((m) => m.id.toLowerCase() === want) ?? all.find((m) => m.name.toLowerCase() === want) ?? null
    );
  }

  /** The member's own calendar from the settings' people map, or null when they have none. */
  async personalCalendar(member: Member): Promise<OwnedCalendar | null> {
    const entry = Object.entries(this.settings.people).find(
      ([key]) =>
        key.toLowerCase() === member.id.toLowerCase() || key.toLowerCase() === member.name.toLowerCase(),
    );
    return entry ? { client: this.backend.calendar(entry[1]), whose: member.name } : null;
  }

  /** The calendar a tool means: a named member's own (an error when they have none), else the household one. */
  async calendarFor(person: string | undefined): Promise<OwnedCalendar> {
    if (!person || /^(household|family|everyone|us)$/i.test(person.trim()))
      return { client: this.household, whose: 'household' };
    const member = await this.member(person);
    if (!member) throw new Error(`there is no household member called "${person}"`);
    const own = await this.personalCalendar(member);
    if (!own) throw new Error(`${member.name} has no calendar of their own; use the household calendar`);
    return own;
  }

  /** Every calendar Quorra can see: the household one and each member's own. */
  async allCalendars(): Promise<OwnedCalendar[]> {
    const own = await Promise.all((await this.ports.members()).map((m) => this.personalCalendar(m)));
    return [{ client: this.household, whose: 'household' }, ...own.filter((c) => c !== null)];
  }

  /**
   * The list a turn means: the household's when asked (`family`) or in a family room, else the person's own.
   * A personal list is reachable only by its owner: there is no parameter naming another member.
   */
  async listFor(
    name: string | undefined,
    turn: { userId: string; workspace: string | null; family?: boolean },
  ): Promise<OwnedList> {
    const list = listName(name ?? this.settings.defaultList);
    const slug = slugify(list);
    const shared = turn.family ?? (await this.ports.isFamilyRoom(turn.workspace));
    // lists live at paths, matched by path only: a slug never holds "--", so no household list name can reach
    // a personal list's path
    if (shared) return { tasks: this.backend.taskList(`list-${slug}/`, list), whose: 'household', list };
    const me = await this.member(turn.userId);
    if (!me) throw new Error('lists are for household members only');
    const path = `list-${slugify(me.id)}--${slug}/`;
    return { tasks: this.backend.taskList(path, `${list} (${me.name})`), whose: me.name, list };
  }

  /** The to-do list (tasks with due dates, or the named list) for a turn, by the same rule as lists. */
  tasksFor(
    turn: { userId: string; workspace: string | null; family?: boolean },
    list?: string,
  ): Promise<OwnedList> {
    return this.listFor(list ?? this.settings.tasks, turn);
  }
}
