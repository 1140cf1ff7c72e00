// Conflicts in the week ahead: timed events that overlap for the same person (their own calendar or the household one).
import type { CalendarEvent } from '../calendar-event.ts';

/** Events of one calendar and whose it is ("household" or a member's name). */
export interface CalendarEvents {
  whose: string;
  events: CalendarEvent[];
}

/** Two events that overlap, and for whom. */
export interface Conflict {
  /** The member it matters to, or "household" when both are household events. */
  who: string;
  a: CalendarEvent & { whose: string };
  b: CalendarEvent & { whose: string };
}

const span = (e: CalendarEvent) => [Date.parse(e.start), Date.parse(e.end)] as const;

/** Overlapping timed events within one calendar, and between each member's calendar and the household one. */
export function findConflicts(calendars: CalendarEvents[]): Conflict[] {
  const timed = (c: CalendarEvents) =>
    c.events.filter((e) => !e.allDay && span(e)[1] > span(e)[0]).map((e) => ({ ...e, whose: c.whose }));
  const household = calendars.filter((c) => c.whose === 'household').flatMap(timed);
  const out: Conflict[] = [];
  const pairs = (list: (CalendarEvent & { whose: string })[], who: string, onlyMixed: boolean) => {
    const sorted = [...list].sort((x, y) => span(x)[0] - span(y)[0]);
    for (let i = 0; i < sorted.length; i++)
      for (let j = i + 1; j < sorted.length && span(sorted[j])[0] < span(sorted[i])[1]; j++) {
        const [a, b] = [sorted[i], sorted[j]];
        if (onlyMixed && a.whose === b.whose) continue;
        out.push({ who, a, b });
      }
  };
  pairs(household, 'household', false);
  for (const c of calendars.filter((x) => x.whose !== 'household')) {
    pairs(timed(c), c.whose, false);
    // a member's own event against a household one: only the mixed pairs (household pairs are counted once above)
    pairs([...timed(c), ...household], c.whose, true);
  }
  return out;
}
