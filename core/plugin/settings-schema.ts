// A plugin's settings as JSON Schema for forms, with secret fields marked, and the write-only handling of secrets.
import { z } from 'zod';

/** A JSON Schema node as z.toJSONSchema writes it (only what the form and the secret walk read). */
export interface SettingsSchemaNode {
  type?: string | string[];
  properties?: Record<string, SettingsSchemaNode>;
  secret?: boolean;
  [key: string]: unknown;
}

// keys that hold credentials even when the plugin forgot `.meta({ secret: true })`
const SECRET_NAME = /(secret|password|api_?key|token)$/i;

/** The settings schema as JSON Schema (input shape: defaults are optional), secret fields carrying `secret: true`. */
export function settingsJsonSchema(schema: z.ZodType): SettingsSchemaNode {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as SettingsSchemaNode;
  const mark = (node: SettingsSchemaNode) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      if (SECRET_NAME.test(key) && child.type === 'string') child.secret = true;
      mark(child);
      if (child.type === 'array' && child.items) mark(child.items as SettingsSchemaNode);
    }
  };
  mark(json);
  return json;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Paths (`pms.apiKey`) of every secret field, through nested objects and lists: `*` stands for each entry of a list
 * (`servers.*.token`), so a secret inside a list of records is as write-only as any other.
 */
export function secretPaths(node: SettingsSchemaNode, prefix: string[] = []): string[][] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
    if (child.secret) return [[...prefix, key]];
    const items = child.items as SettingsSchemaNode | undefined;
    if (child.type === 'array' && items?.properties) return secretPaths(items, [...prefix, key, '*']);
    return secretPaths(child, [...prefix, key]);
  });
}

/** One step down a settings value: a key of an object or an index of a list. */
const step = (node: unknown, key: string): unknown =>
  isObj(node) ? node[key] : Array.isArray(node) ? (node as unknown[])[Number(key)] : undefined;

function parentOf(root: Obj, path: string[]): Obj | undefined {
  let node: unknown = root;
  for (const key of path.slice(0, -1)) node = step(node, key);
  return isObj(node) ? node : undefined;
}

/** The concrete paths a `*` path names in `root` (one per list entry at each `*`). */
function expand(root: unknown, path: string[]): string[][] {
  const star = path.indexOf('*');
  if (star < 0) return [path];
  let list: unknown = root;
  for (const key of path.slice(0, star)) list = step(list, key);
  if (!Array.isArray(list)) return [];
  return (list as unknown[]).flatMap((_entry, i) =>
    expand(root, [...path.slice(0, star), String(i), ...path.slice(star + 1)]),
  );
}

/**
 * The stored entry a submitted list entry stands for: the one with the same `id` when entries have one (a removed
 * entry above never hands its secret to the next), else the one at the same place.
 */
function counterpart(current: unknown, incoming: unknown, path: string[]): unknown {
  let cur: unknown = current;
  let inc: unknown = incoming;
  for (const key of path) {
    if (Array.isArray(inc) && Array.isArray(cur)) {
      const entry = inc[Number(key)];
      const id = isObj(entry) ? entry.id : undefined;
      const entries = cur as unknown[];
      cur = id === undefined ? entries[Number(key)] : entries.find((c) => isObj(c) && c.id === id);
    } else cur = step(cur, key);
    inc = step(inc, key);
  }
  return cur;
}

/** The settings without secret values, and which secrets are set (by dotted path). */
export function redactSecrets(
  settings: Obj,
  paths: string[][],
): { values: Obj; secrets: Record<string, boolean> } {
  const values = structuredClone(settings);
  const secrets: Record<string, boolean> = {};
  for (const path of paths.flatMap((p) => expand(values, p))) {
    const parent = parentOf(values, path);
    const key = path[path.length - 1];
    secrets[path.join('.')] = typeof parent?.[key] === 'string' && parent[key] !== '';
    if (parent) delete parent[key];
  }
  return { values, secrets };
}

/**
 * What to store from a form's submission: a secret left out keeps its current value (the form never had it),
 * null removes it, a string replaces it. A secret whose object the form left out goes with that object.
 */
export function mergeSecrets(incoming: Obj, current: Obj, paths: string[][]): Obj {
  const merged = structuredClone(incoming);
  for (const path of paths.flatMap((p) => expand(merged, p))) {
    const target = parentOf(merged, path);
    const key = path[path.length - 1];
    if (!target) continue;
    if (target[key] === null) delete target[key];
    else if (target[key] === undefined) {
      const kept = counterpart(current, merged, path);
      if (kept !== undefined) target[key] = kept;
    }
  }
  return merged;
}
