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
export type FieldKind = 'text' | 'number' | 'boolean' | 'enum' | 'secret' | 'lines' | 'object' | 'json';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const scalar = (n: SchemaNode | undefined) =>
  n?.type === 'string' || n?.type === 'number' || n?.type === 'integer';

/** The editor for a schema node; anything the form cannot show field by field is edited as JSON. */
export function fieldKind(node: SchemaNode): FieldKind {
  if (node.secret) return 'secret';
  if (Array.isArray(node.enum) && node.enum.every((v) => typeof v === 'string')) return 'enum';
  if (node.type === 'boolean') return 'boolean';
  if (node.type === 'number' || node.type === 'integer') return 'number';
  if (node.type === 'string') return 'text';
  if (node.type === 'array' && scalar(node.items) && !node.items?.enum) return 'lines';
  if (node.type === 'object' && node.properties && !isObj(node.additionalProperties)) return 'object';
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

/** The value at a dotted path. */
export function getAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) node = isObj(node) ? node[key] : undefined;
  return node;
}

/** Sets a value at a dotted path, making the objects on the way. */
export function setAt(root: Obj, path: string[], value: unknown): void {
  let node = root;
  for (const key of path.slice(0, -1)) {
    if (!isObj(node[key])) node[key] = {};
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
    if (isObj(v) && child && fieldKind(child) === 'object') {
      const inner = pruneEmpty(v, child);
      if (Object.keys(inner).length || node.required?.includes(key)) out[key] = inner;
      continue;
    }
    out[key] = v;
  }
  return out;
}

/** Every field path the form shows (dotted), for placing the server's messages next to them. */
export function fieldPaths(node: SchemaNode, prefix: string[] = []): string[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
    const path = [...prefix, key];
    return fieldKind(child) === 'object' ? [path.join('.'), ...fieldPaths(child, path)] : [path.join('.')];
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
