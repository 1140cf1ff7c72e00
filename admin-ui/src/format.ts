// Small formatting helpers the views share: dates, relative times, durations, counts.

/** A timestamp as a short local date and time, or an em dash when missing or invalid. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '—';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** Seconds as "3 d 4 h", "5 h 2 min", "42 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h} h ${m % 60} min`;
  return `${Math.floor(h / 24)} d ${h % 24} h`;
}

/** Bytes in the largest unit that keeps the number readable. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${n.toFixed(i === 0 ? 0 : 1)} ${units[i]}`;
}

/** "1 note" / "3 notes". */
export function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** "3 minutes ago", "in 2 hours", "yesterday": how people say when something happened. */
export function relativeTime(value: string | null | undefined, now = Date.now()): string {
  if (!value) return 'never';
  const t = new Date(value).getTime();
  if (Number.isNaN(t)) return value;
  const seconds = Math.round((t - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 7],
    ['week', 4.35],
    ['month', 12],
    ['year', Number.POSITIVE_INFINITY],
  ];
  let n = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(n) < size)
      return unit === 'second' && Math.abs(n) < 45
        ? rtf.format(0, 'second')
        : rtf.format(Math.round(n), unit);
    n /= size;
  }
  return rtf.format(Math.round(n), 'year');
}

/** A reason in everyday words: addresses and file paths (the owner's Technical details) left out, times said relative to now. */
export function plainReason(reason: string, now = Date.now()): string {
  return reason
    .replace(/\s*\bhttps?:\/\/[^\s)"']+/g, '')
    .replace(/(^|[\s(])\/[^\s)"':,]*\/[^\s)"':,]+/g, '$1(see Technical details)')
    .replace(/\d{4}-\d{2}-\d{2}T[\d:.]+Z\b/g, (m) => relativeTime(m, now));
}
