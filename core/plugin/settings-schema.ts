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
    }
  };
  mark(json);
  return json;
}

/** Dotted paths (`pms.apiKey`) of every secret field, through nested objects. */
export function secretPaths(node: SettingsSchemaNode, prefix: string[] = []): string[][] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) =>
    child.secret ? [[...prefix, key]] : secretPaths(child, [...prefix, key]),
  );
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function parentOf(root: Obj, path: string[]): Obj | undefined {
  let node: unknown = root;
  for (const key of path.slice(0, -1)) node = isObj(node) ? node[key] : undefined;
  return isObj(node) ? node : undefined;
}

/** The settings without secret values, and which secrets are set (by dotted path). */
export function redactSecrets(
  settings: Obj,
  paths: string[][],
): { values: Obj; secrets: Record<string, boolean> } {
  const values = structuredClone(settings);
  const secrets: Record<string, boolean> = {};
  for (const path of paths) {
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
  for (const path of paths) {
    const target = parentOf(merged, path);
    const key = path[path.length - 1];
    if (!target) continue;
    if (target[key] === null) delete target[key];
    else if (target[key] === undefined) {
      const kept = parentOf(current, path)?.[key];
      if (kept !== undefined) target[key] = kept;
    }
  }
  return merged;
}
