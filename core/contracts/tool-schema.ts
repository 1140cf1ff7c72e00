// Turns a tool's zod input into the function schema sent to the model (strict when the schema allows it).
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { ToolDefinition } from './define-tool.ts';

type Json = Record<string, any>;

/** Whether strict mode is possible: every object's properties all required. */
function strictable(node: Json): boolean {
  if (!node || typeof node !== 'object') return true;
  if (
    node.type === 'object' &&
    Object.keys(node.properties ?? {}).some((p) => !(node.required ?? []).includes(p))
  )
    return false;
  return Object.values(node).every((v) => !v || typeof v !== 'object' || strictable(v));
}

/** Closes every object schema, as strict mode requires; or opens them (`.strict()` writes the `false` itself). */
function closeObjects(node: Json, close: boolean): void {
  if (!node || typeof node !== 'object') return;
  if (node.type === 'object') {
    if (close) node.additionalProperties = false;
    else if (node.additionalProperties === false) delete node.additionalProperties;
  }
  for (const v of Object.values(node)) if (v && typeof v === 'object') closeObjects(v, close);
}

// Bounds the model need not read: the input is validated against the tool's zod schema before it runs, and a call
// out of bounds comes back with the reason in words. On a CPU every schema token is prefill paid on each turn.
const VALIDATION_ONLY = [
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'pattern',
  // a default is the tool's business: a field left out of `required` already says it may be omitted
  'default',
];

/** Drops validation-only keywords everywhere in a JSON Schema (property names are left alone). */
function dropValidationOnly(node: Json, isProperties = false): void {
  if (!node || typeof node !== 'object') return;
  if (!isProperties && !Array.isArray(node)) for (const k of VALIDATION_ONLY) delete node[k];
  for (const [k, v] of Object.entries(node))
    if (v && typeof v === 'object') dropValidationOnly(v, !isProperties && k === 'properties');
}

// Tools are frozen at definition, so a schema is computed once per definition; converting zod to JSON Schema on
// every turn was the largest single cost of a turn. Re-registering a tool (plugin reload) makes a new definition.
// A tool built per turn over one shared input schema (more_tools) is converted once too: by input, name and words.
const schemas = new WeakMap<ToolDefinition<any>, ChatCompletionTool>();
const byInput = new WeakMap<z.ZodType, Map<string, ChatCompletionTool>>();

/** The OpenAI function-tool definition for a tool (shared between turns: never mutate it). */
export function toolSchema(tool: ToolDefinition<any>): ChatCompletionTool {
  let schema = schemas.get(tool);
  if (!schema) {
    const same = byInput.get(tool.input) ?? new Map<string, ChatCompletionTool>();
    byInput.set(tool.input, same);
    const key = `${tool.name}\n${tool.description}`;
    schema = same.get(key) ?? buildSchema(tool);
    same.set(key, schema);
    schemas.set(tool, schema);
  }
  return schema;
}

function buildSchema(tool: ToolDefinition<any>): ChatCompletionTool {
  const parameters = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Json;
  delete parameters.$schema;
  dropValidationOnly(parameters);
  // a closed object only matters to strict mode; elsewhere the tool's zod schema decides about an unknown field,
  // and `additionalProperties: false` on every object is prefill paid on each turn for nothing
  const strict = strictable(parameters);
  closeObjects(parameters, strict);
  return {
    type: 'function',
    // strict: false is the default: said only when true, it costs no tokens on the (many) tools that are not
    function: { name: tool.name, description: tool.description, parameters, ...(strict ? { strict } : {}) },
  };
}
