// A setting's default as the value it is — day names, "name → value" rows, a small table — never as JSON.
import type { SchemaNode } from './schema-fields.ts';
import { choicesOf, choiceWords, labelOf } from './schema-fields.ts';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Day numbers (0 = Sunday … 6 = Saturday) as names, Monday first as a week is read. */
export function dayNames(days: unknown[]): string {
  const order = [1, 2, 3, 4, 5, 6, 0];
  return order
    .filter((d) => days.includes(d))
    .map((d) => DAYS[d])
    .join(', ');
}

/** A default shown as rows with a column per field (a list of budgets), or as words. */
export type DefaultShown = { words: string } | { headers: string[]; rows: string[][] } | null;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** One value in words, by its schema node. */
export function valueWords(value: unknown, node: SchemaNode | undefined): string {
  if (value === undefined || value === null || value === '') return 'none';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (Array.isArray(value)) {
    if (!value.length) return 'none';
    if (node?.display === 'weekdays') return dayNames(value);
    return value.map((v) => valueWords(v, node?.items)).join(', ');
  }
  if (isObj(value)) {
    const entries = Object.entries(value);
    if (!entries.length) return 'none';
    if (node?.properties)
      return entries
        .map(([k, v]) => `${labelOf(k, node.properties?.[k] ?? {})}: ${valueWords(v, node.properties?.[k])}`)
        .join('; ');
    return entries.map(([k, v]) => `${k} → ${valueWords(v, undefined)}`).join('; ');
  }
  return node && choicesOf(node) ? choiceWords(node, value) : String(value);
}

/** What the form says a field's default is; null when there is nothing worth saying (an empty text). */
export function defaultShown(node: SchemaNode): DefaultShown {
  const d = node.default;
  if (d === undefined || d === '' || node.secret) return null;
  const item = node.items;
  if (Array.isArray(d) && d.length && item?.properties && d.every(isObj)) {
    const keys = Object.keys(item.properties).filter((k) => d.some((row) => (row as Obj)[k] !== undefined));
    return {
      headers: keys.map((k) => labelOf(k, item.properties![k])),
      rows: d.map((row) => keys.map((k) => valueWords((row as Obj)[k], item.properties![k]))),
    };
  }
  return { words: valueWords(d, node) };
}
