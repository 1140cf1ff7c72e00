// Turns a plugin's settings JSON Schema into form fields, and a form's draft back into the settings the server checks.

/** The JSON Schema subset z.toJSONSchema writes for settings. */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  enum?: unknown[];
  default?: unknown;
  description?: string;
  title?: string;
  secret?: boolean;
  [key: string]: unknown;
}

/** How a field is edited. */
export type FieldKind =
  | 'text'
  | 'number'
  | 'boolean'
  | 'enum'
  | 'secret'
  | 'lines'
  | 'pairs'
  | 'object'
  | 'list'
  | 'records'
  | 'weekdays'
  | 'json';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isContainer = (v: unknown) => typeof v === 'object' && v !== null;
const scalar = (n: SchemaNode | undefined) =>
  n?.type === 'string' || n?.type === 'number' || n?.type === 'integer';

type Choice = string | number;
const isChoice = (v: unknown): v is Choice => typeof v === 'string' || typeof v === 'number';

/** The values a field may take when it is a choice: a zod enum, or a union of literals (`anyOf` of `const`s). */
export function choicesOf(node: SchemaNode): Choice[] | null {
  if (Array.isArray(node.enum) && node.enum.length && node.enum.every(isChoice)) return node.enum;
  const any = node.anyOf;
  if (Array.isArray(any) && any.length && any.every((n) => isObj(n) && isChoice(n.const)))
    return any.map((n) => (n as { const: Choice }).const);
  return null;
}

/** A choice in words: the schema's `options` meta ({ ledger: 'Quorra’s own ledger' }), else the value itself. */
export function choiceWords(node: SchemaNode, value: unknown): string {
  const words = isObj(node.options) ? node.options[String(value)] : undefined;
  return typeof words === 'string' ? words : String(value);
}

/** The editor for a schema node; anything the form cannot show field by field is edited as JSON. */
export function fieldKind(node: SchemaNode): FieldKind {
  if (node.secret) return 'secret';
  if (choicesOf(node)) return 'enum';
  if (node.type === 'boolean') return 'boolean';
  if (node.display === 'weekdays' && node.type === 'array') return 'weekdays';
  if (node.type === 'number' || node.type === 'integer') return 'number';
  if (node.type === 'string') return 'text';
  if (node.type === 'array' && scalar(node.items) && !choicesOf(node.items!)) return 'lines';
  if (node.type === 'object' && node.properties && !isObj(node.additionalProperties)) return 'object';
  // a list of records (e.g. account → workspace, or outside services): one group of fields per entry, each field
  // as it would be on its own (a secret stays write-only); only a list inside an entry falls back to JSON
  if (node.type === 'array' && node.items?.type === 'object' && node.items.properties) {
    const children = Object.values(node.items.properties);
    if (children.every((c) => !['list', 'object', 'weekdays'].includes(fieldKind(c)))) return 'list';
  }
  // a map of names to text (e.g. person → calendar): `name = value`, one per line
  if (node.type === 'object' && !node.properties && scalar(node.additionalProperties as SchemaNode))
    return 'pairs';
  // a map of names to small records (a service's per-tool rules): one group of plain fields per name
  const record = node.additionalProperties;
  if (node.type === 'object' && !node.properties && isObj(record) && (record as SchemaNode).properties) {
    const children = Object.values((record as SchemaNode).properties!);
    if (children.every((c) => ['text', 'number', 'boolean', 'enum', 'lines'].includes(fieldKind(c))))
      return 'records';
  }
  return 'json';
}

/** `sendAttempts` → "Send attempts", `pmsTimeoutMs` → "PMS timeout (ms)". */
export function labelOf(key: string, node: SchemaNode): string {
  if (node.title) return node.title;
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ');
  const unit = words.at(-1) === 'ms' ? ' (ms)' : '';
  const text = (unit ? words.slice(0, -1) : words)
    .map((w) => ({ url: 'URL', pms: 'PMS', api: 'API', id: 'ID' })[w] ?? w)
    .join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + unit;
}

/**
 * The schema node at a path of keys as the form writes them: through objects' properties, a list's entries
 * (`servers.0`) and a map's names (`tools.ev_echo`).
 */
export function nodeAt(schema: SchemaNode, keys: string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = schema;
  for (const k of keys) {
    if (!node) return undefined;
    const extra: unknown = node.additionalProperties;
    node =
      node.properties?.[k] ??
      (node.items && /^\d+$/.test(k) ? node.items : isObj(extra) ? (extra as SchemaNode) : undefined);
  }
  return node;
}

/** The value at a dotted path. */
export function getAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) node = isContainer(node) ? (node as Obj)[key] : undefined;
  return node;
}

/** Sets a value at a dotted path, making the objects on the way. */
export function setAt(root: Obj, path: string[], value: unknown): void {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (!isContainer(node[key])) node[key] = {};
    node = node[key] as Obj;
  }
  node[path[path.length - 1]] = value;
}

/**
 * Empty fields mean "not set" (the schema's default applies): drops empty strings and undefined, and an optional
 * nested object left wholly empty. Null stays (it asks the server to remove a secret).
 */
export function pruneEmpty(value: Obj, node: SchemaNode): Obj {
  const out: Obj = {};
  for (const [key, v] of Object.entries(value)) {
    const child = node.properties?.[key];
    if (v === '' || v === undefined) continue;
    if (Array.isArray(v) && child?.items && fieldKind(child) === 'list') {
      // entries keep their places (an empty one gets the server's "required" on its own fields)
      out[key] = v.map((item) => pruneEmpty(item as Obj, child.items!));
      continue;
    }
    if (isObj(v) && child && fieldKind(child) === 'object') {
      const inner = pruneEmpty(v, child);
      if (Object.keys(inner).length || node.required?.includes(key)) out[key] = inner;
      continue;
    }
    out[key] = v;
  }
  return out;
}

/** Every field path the form shows for these values (dotted), for placing the server's messages next to them. */
export function fieldPaths(node: SchemaNode, values: unknown, prefix: string[] = []): string[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
    const path = [...prefix, key];
    const kind = fieldKind(child);
    if (kind === 'object') return [path.join('.'), ...fieldPaths(child, values, path)];
    if (kind === 'list') {
      // each entry's fields as the form shows them now (`accounts.1.workspace`)
      const entries = getAt(values, path);
      const count = Array.isArray(entries) ? entries.length : 0;
      return [
        path.join('.'),
        ...Array.from({ length: count }, (_x, i) =>
          fieldPaths(child.items!, values, [...path, String(i)]),
        ).flat(),
      ];
    }
    if (kind === 'records') {
      // each name's fields (`servers.0.tools.ev_echo.tier`)
      const entries = getAt(values, path);
      const names = isObj(entries) ? Object.keys(entries) : [];
      return [
        path.join('.'),
        ...names.flatMap((n) => fieldPaths(child.additionalProperties as SchemaNode, values, [...path, n])),
      ];
    }
    return [path.join('.')];
  });
}

/** Map fields (per-tool rules) holding an entry the owner has not named yet, by dotted path. */
export function unnamedEntries(node: SchemaNode, values: unknown, prefix: string[] = []): string[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
    const path = [...prefix, key];
    const kind = fieldKind(child);
    const value = getAt(values, path);
    if (kind === 'object') return unnamedEntries(child, values, path);
    if (kind === 'list' && Array.isArray(value))
      return value.flatMap((_x, i) => unnamedEntries(child.items!, values, [...path, String(i)]));
    if (kind === 'records' && isObj(value) && Object.keys(value).some((k) => !k.trim()))
      return [path.join('.')];
    return [];
  });
}

/** Each server issue on the deepest field that shows it (`workingHours.days.0` lands on `workingHours.days`). */
export function placeIssues(
  issues: { path?: string; message?: string }[],
  paths: string[],
): { byField: Record<string, string>; unplaced: string[] } {
  const byField: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    const parts = (issue.path ?? '').split('.').filter(Boolean);
    let placed = false;
    for (let n = parts.length; n > 0 && !placed; n--) {
      const candidate = parts.slice(0, n).join('.');
      if (paths.includes(candidate)) {
        byField[candidate] ??= issue.message ?? 'invalid';
        placed = true;
      }
    }
    if (!placed && issue.message) unplaced.push(issue.message);
  }
  return { byField, unplaced };
}

/** A map as `name = value` lines. */
export function pairsText(value: unknown): string {
  return isObj(value)
    ? Object.entries(value)
        .map(([k, v]) => `${k} = ${v}`)
        .join('\n')
    : '';
}

/** `name = value` lines as a map; a line without `=` is an error naming it. */
export function parsePairs(text: string): Obj | string {
  const out: Obj = {};
  for (const line of text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)) {
    const at = line.indexOf('=');
    if (at < 1) return `"${line}" is not name = value`;
    out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}
