// A sync filter's room timeline part (RoomEventFilter: types, not_types, senders, not_senders), as Synapse applies it.

/** Which timeline events a filter lets through; the `limit` is applied by the caller after this. */
export interface TimelineFilter {
  types?: string[];
  not_types?: string[];
  senders?: string[];
  not_senders?: string[];
}

// `*` in a type matches any run of characters (the spec's wildcard), like Synapse's glob matching
const typeMatches = (pattern: string, type: string) =>
  pattern.includes('*')
    ? new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`).test(type)
    : pattern === type;

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The timeline filter of a sync filter, or undefined when it filters nothing. */
export function timelineFilterOf(filter: Record<string, any>): TimelineFilter | undefined {
  const raw = filter.room?.timeline;
  if (!raw || typeof raw !== 'object') return undefined;
  const lists = ['types', 'not_types', 'senders', 'not_senders'] as const;
  const out: TimelineFilter = {};
  for (const key of lists) if (Array.isArray(raw[key])) out[key] = raw[key].map(String);
  return Object.keys(out).length ? out : undefined;
}

/** Whether an event passes: `not_*` lists exclude, present `types`/`senders` lists must include it. */
export function passesTimelineFilter(
  filter: TimelineFilter | undefined,
  ev: { type: string; sender: string },
): boolean {
  if (!filter) return true;
  if (filter.not_senders?.includes(ev.sender)) return false;
  if (filter.senders && !filter.senders.includes(ev.sender)) return false;
  if (filter.not_types?.some((t) => typeMatches(t, ev.type))) return false;
  if (filter.types && !filter.types.some((t) => typeMatches(t, ev.type))) return false;
  return true;
}
