// Turns a tool's zod input into the function schema sent to the model (strict when the schema allows it).
import type { ChatCompletionTool } from 'openai/resources/chat/completions';
import { z } from 'zod';
import type { ToolDefinition } from './define-tool.ts';

type Json = Record<string, any>;

/** Closes every object schema and reports whether strict mode is possible (all properties required). */
function closeObjects(node: Json): boolean {
  let strictOk = true;
  if (node && typeof node === 'object') {
    if (node.type === 'object') {
      node.additionalProperties = false;
      const props = Object.keys(node.properties ?? {});
      if (props.some((p) => !(node.required ?? []).includes(p))) strictOk = false;
    }
    for (const v of Object.values(node))
      if (v && typeof v === 'object') strictOk = closeObjects(v) && strictOk;
  }
  return strictOk;
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
const schemas = new WeakMap<ToolDefinition<any>, ChatCompletionTool>();

/** The OpenAI function-tool definition for a tool (shared between turns: never mutate it). */
export function toolSchema(tool: ToolDefinition<any>): ChatCompletionTool {
  let schema = schemas.get(tool);
  if (!schema) {
    schema = buildSchema(tool);
    schemas.set(tool, schema);
  }
  return schema;
}

function buildSchema(tool: ToolDefinition<any>): ChatCompletionTool {
  const parameters = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Json;
  delete parameters.$schema;
  dropValidationOnly(parameters);
  const strict = closeObjects(parameters);
  return {
    type: 'function',
    // strict: false is the default: said only when true, it costs no tokens on the (many) tools that are not
    function: { name: tool.name, description: tool.description, parameters, ...(strict ? { strict } : {}) },
  };
}
