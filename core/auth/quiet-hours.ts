// A person's quiet hours: whether now falls inside them (in their own time zone) and when they end.

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** "HH:MM", 24-hour. */
export function isClockTime(s: string): boolean {
  return HHMM.test(s);
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The wall-clock minute of the day at `now` in `timeZone`. */
function localMinute(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '0';
  return Number(part('hour')) * 60 + Number(part('minute'));
}

/**
 * When the quiet hours running at `now` end, or null when it is not quiet (or none are set). A span may cross
 * midnight (21:00–07:00); equal start and end mean none. Counted in wall-clock minutes, so across a DST change the
 * end moves by that hour at most.
 */
export function quietUntil(
  person: { quietStart: string | null; quietEnd: string | null; timezone: string },
  now = new Date(),
): Date | null {
  const { quietStart: start, quietEnd: end } = person;
  if (!start || !end || start === end) return null;
  const [s, e, m] = [minutesOf(start), minutesOf(end), localMinute(now, person.timezone)];
  const inside = s < e ? m >= s && m < e : m >= s || m < e;
  if (!inside) return null;
  const left = (e - m + 24 * 60) % (24 * 60);
  const until = new Date(now.getTime() + left * 60_000);
  until.setSeconds(0, 0);
  return until;
}
