// Binary search over lists kept in stream order (events, receipts, to-device messages): what a sync reads by position.

/**
 * The index of the first entry whose `pos` is past `pos` (the list's length when none is): entries are appended
 * as the stream advances, so their positions never decrease, and a range of positions is a slice.
 */
export function firstAfter(list: readonly { pos: number }[], pos: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid].pos <= pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The entries whose `pos` is in (after, upto]; every entry up to `upto` when `after` is undefined. */
export function between<T extends { pos: number }>(
  list: readonly T[],
  after: number | undefined,
  upto: number,
): T[] {
  return list.slice(after === undefined ? 0 : firstAfter(list, after), firstAfter(list, upto));
}

/** The last entry at or before `pos`, if any. */
export function lastAtOrBefore<T extends { pos: number }>(list: readonly T[], pos: number): T | undefined {
  return list[firstAfter(list, pos) - 1];
}
