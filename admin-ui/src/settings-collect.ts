// A settings form's draft as the server should see it: list, pair and JSON fields parsed, secrets merged in.
import {
  fieldKind,
  nodeAt,
  parsePairs,
  pruneEmpty,
  type SchemaNode,
  setAt,
  unnamedEntries,
} from './schema-fields.ts';

type Obj = Record<string, unknown>;

/** What the form holds: the values edited in place, the text of list/pair/JSON fields, and secret changes. */
export interface SettingsDraft {
  values: Obj;
  /** Dotted path → the field's text, parsed here. */
  raw: Record<string, string>;
  /** Dotted path → a new secret, or null to remove it. */
  secrets: Record<string, string | null>;
}

/** The settings to send, or the fields whose text does not parse (by dotted path, in words). */
export function collectSettings(
  draft: SettingsDraft,
  schema: SchemaNode,
): { settings: Obj; errors: null } | { settings: null; errors: Record<string, string> } {
  const out = structuredClone(draft.values);
  const errors: Record<string, string> = {};
  for (const [path, text] of Object.entries(draft.raw)) {
    const keys = path.split('.');
    // a field inside a list entry or a map (`servers.0.args`) is found through them, never skipped
    const node = nodeAt(schema, keys);
    if (!node) {
      errors[path] = 'this field is not part of the settings';
      continue;
    }
    if (fieldKind(node) === 'lines') {
      const lines = text
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean);
      const numeric = node.items?.type === 'number' || node.items?.type === 'integer';
      setAt(out, keys, numeric ? lines.map(Number) : lines);
    } else if (fieldKind(node) === 'pairs') {
      const pairs = parsePairs(text);
      if (typeof pairs === 'string') errors[path] = pairs;
      else setAt(out, keys, pairs);
    } else if (text.trim() === '') setAt(out, keys, undefined);
    else {
      try {
        setAt(out, keys, JSON.parse(text));
      } catch {
        errors[path] = 'not valid JSON';
      }
    }
  }
  for (const path of unnamedEntries(schema, out)) errors[path] = 'give each entry its name';
  for (const [path, value] of Object.entries(draft.secrets)) setAt(out, path.split('.'), value);
  return Object.keys(errors).length
    ? { settings: null, errors }
    : { settings: pruneEmpty(out, schema), errors: null };
}
