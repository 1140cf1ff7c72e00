// How long ago something happened, in plain words ("3 minutes ago"), for chat replies.

/** "3 minutes ago"-style age. */
export function ago(from: Date, now = new Date()): string {
  const s = Math.max(0, Math.round((now.getTime() - from.getTime()) / 1000));
  const [n, unit] =
    s < 60
      ? [s, 'second']
      : s < 3600
        ? [Math.floor(s / 60), 'minute']
        : s < 86_400
          ? [Math.floor(s / 3600), 'hour']
          : [Math.floor(s / 86_400), 'day'];
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}
