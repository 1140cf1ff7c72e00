// Time-gap markers between history messages more than four hours apart ([N hours passed], [next day — …]).

export const GAP_MS = 4 * 60 * 60 * 1000;

function dayKey(d: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
}

function daysBetween(a: Date, b: Date, timeZone: string): number {
  const toUtc = (d: Date) => Date.parse(`${dayKey(d, timeZone)}T00:00:00Z`);
  return Math.round((toUtc(b) - toUtc(a)) / 86_400_000);
}

/** The marker for the gap between two instants, or null when they are within four hours. */
export function gapMarker(prev: Date, next: Date, timeZone = 'UTC'): string | null {
  const ms = next.getTime() - prev.getTime();
  if (ms <= GAP_MS) return null;
  const days = daysBetween(prev, next, timeZone);
  if (days === 1) {
    const when = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
    }).format(next);
    return `[next day — ${when}]`;
  }
  if (days > 1) return `[${days} days passed]`;
  return `[${Math.floor(ms / 3_600_000)} hours passed]`;
}

/** A history message as the engine replays it. */
export interface TimedMessage {
  role: 'user' | 'assistant';
  content: string;
  at: Date;
}

/** Prefixes each message that follows a gap with its marker; returns whether the last gap (to `now`) was one. */
export function withGapMarkers(
  messages: TimedMessage[],
  now: Date,
  timeZone = 'UTC',
): { messages: { role: 'user' | 'assistant'; content: string }[]; gapBeforeNow: string | null } {
  const out = messages.map((m, i) => {
    const marker = i > 0 ? gapMarker(messages[i - 1].at, m.at, timeZone) : null;
    return { role: m.role, content: marker ? `${marker}\n${m.content}` : m.content };
  });
  const last = messages.at(-1);
  return { messages: out, gapBeforeNow: last ? gapMarker(last.at, now, timeZone) : null };
}

/** Whether any marker would be written (consecutive messages, or the last one and `now`, more than four hours apart). */
export function hasGap(messages: TimedMessage[], now: Date): boolean {
  const times = [...messages.map((m) => m.at.getTime()), now.getTime()];
  return times.some((t, i) => i > 0 && t - times[i - 1] > GAP_MS);
}
