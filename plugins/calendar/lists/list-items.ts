// List items by name: one spelling per item (case, spaces), so "Milk" and "milk " are the same thing on a list.
import type { CalendarTask } from '../calendar-task.ts';

/** The comparable form of an item name. */
export function itemKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The input items, trimmed, empty ones dropped, repeats merged (first spelling wins). */
export function distinctItems(items: string[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of items) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (name && !seen.has(itemKey(name))) seen.set(itemKey(name), name);
  }
  return [...seen.values()];
}

/** The task an item name refers to: the same name, else the only one containing it; open items before checked ones. */
export function findItem<T extends { task: CalendarTask }>(stored: T[], name: string): T | null {
  const key = itemKey(name);
  const ranked = [...stored].sort((a, b) => Number(a.task.completed) - Number(b.task.completed));
  const exact = ranked.find((s) => itemKey(s.task.title) === key);
  if (exact) return exact;
  const partial = ranked.filter((s) => !s.task.completed && itemKey(s.task.title).includes(key));
  return partial.length === 1 ? partial[0] : null;
}
