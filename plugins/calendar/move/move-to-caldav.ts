// Copies every calendar, to-do list and list of the embedded backend to a CalDAV server, then checks each arrived.
import type { CaldavBackend } from '../caldav-backend.ts';
import type { CollectionRef, EventCalendar, TaskList } from '../calendar-backend.ts';
import type { EmbeddedBackend } from '../embedded/embedded-backend.ts';

/** One collection's count: in Quorra, copied now, already on the server, and found there afterwards. */
export interface MovedCollection {
  kind: 'VEVENT' | 'VTODO';
  name: string;
  inQuorra: number;
  copied: number;
  already: number;
  onServer: number;
  missing: string[];
}

/** What a move did; `ok` only when every object was found on the server. */
export interface MoveReport {
  collections: MovedCollection[];
  events: number;
  todos: number;
  ok: boolean;
}

const open = (backend: EmbeddedBackend | CaldavBackend, ref: CollectionRef): EventCalendar | TaskList =>
  ref.kind === 'VEVENT' ? backend.calendar(ref.displayName) : backend.taskList(ref.name, ref.displayName);

/**
 * Copies object by object (the iCalendar text as stored, so nothing is lost); an object already on the server under
 * its UID is left as it is, so a move that stopped half-way can run again. Subscribed calendars stay in Quorra.
 */
export async function moveToCaldav(source: EmbeddedBackend, target: CaldavBackend): Promise<MoveReport> {
  const refs = (await source.collections()).filter((c) => !c.name.startsWith('subscription:'));
  const collections: MovedCollection[] = [];
  for (const ref of refs) {
    const from = await open(source, ref).objects();
    const to = open(target, ref);
    const there = new Set((await to.objects()).map((o) => o.uid));
    let copied = 0;
    for (const object of from) {
      if (there.has(object.uid)) continue;
      await to.putObject(object);
      copied += 1;
    }
    const after = new Set((await to.objects()).map((o) => o.uid));
    const missing = from.filter((o) => !after.has(o.uid)).map((o) => o.uid);
    collections.push({
      kind: ref.kind,
      name: ref.displayName,
      inQuorra: from.length,
      copied,
      already: from.length - copied,
      onServer: after.size,
      missing,
    });
  }
  const sum = (kind: 'VEVENT' | 'VTODO') =>
    collections.filter((c) => c.kind === kind).reduce((n, c) => n + c.inQuorra, 0);
  return {
    collections,
    events: sum('VEVENT'),
    todos: sum('VTODO'),
    ok: collections.every((c) => c.missing.length === 0),
  };
}

/** The report as the command prints it. */
export function moveText(r: MoveReport): string[] {
  const lines = r.collections.map(
    (c) =>
      `${c.kind === 'VEVENT' ? 'calendar' : 'list'} “${c.name}”: ${c.inQuorra} in Quorra, ${c.copied} copied, ${c.already} already there, ${c.onServer} on the server${c.missing.length ? `, ${c.missing.length} MISSING` : ''}`,
  );
  lines.push(
    r.ok
      ? `Moved and checked: ${r.events} event(s) and ${r.todos} to-do(s) and list item(s) are on the CalDAV server.`
      : 'Not everything arrived: nothing was deleted from Quorra; run the move again.',
  );
  return lines;
}
