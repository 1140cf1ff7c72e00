// Narrows any JSON Schema (tool parameters from zod, response_format) to the subset node-llama-cpp's grammar compiles.
import type { GbnfJsonSchema } from 'node-llama-cpp';

type Json = Record<string, any>;
const SCALARS = new Set(['string', 'number', 'integer', 'boolean', 'null']);
const FORMATS = new Set(['date-time', 'time', 'date']);
/** Any JSON value, for schemas that say nothing (an empty schema accepts everything). */
const ANY: GbnfJsonSchema = { type: ['string', 'number', 'boolean', 'null'] };

function describe(s: Json): { description?: string } {
  return typeof s.description === 'string' ? { description: s.description } : {};
}

function num(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
}

/**
 * Keeps what constrains the JSON's shape (types, properties, required, enums, consts, items, unions, $defs)
 * and drops what the grammar cannot express (patterns, numeric ranges): the engine still validates the
 * arguments with zod, so the grammar only has to guarantee well-formed JSON of the right shape.
 */
export function toGrammarSchema(schema: unknown, depth = 0): GbnfJsonSchema {
  if (!schema || typeof schema !== 'object' || depth > 32) return ANY;
  const s = schema as Json;
  if ('const' in s) return { const: s.const, ...describe(s) };
  if (Array.isArray(s.enum) && s.enum.length) return { enum: s.enum, ...describe(s) };
  if (typeof s.$ref === 'string' && s.$ref.startsWith('#/$defs/')) return { $ref: s.$ref } as GbnfJsonSchema;
  const union = s.anyOf ?? s.oneOf;
  if (Array.isArray(union) && union.length) {
    return withDefs(
      s,
      { oneOf: union.map((u: unknown) => toGrammarSchema(u, depth + 1)), ...describe(s) },
      depth,
    );
  }
  if (Array.isArray(s.allOf) && s.allOf.length === 1) return toGrammarSchema(s.allOf[0], depth + 1);
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t: unknown) => typeof t === 'string');
    if (types.every((t: string) => SCALARS.has(t))) return { type: types, ...describe(s) } as GbnfJsonSchema;
    return { oneOf: types.map((t: string) => toGrammarSchema({ ...s, type: t }, depth + 1)), ...describe(s) };
  }
  switch (s.type) {
    case 'string':
      if (FORMATS.has(s.format)) return { type: 'string', format: s.format, ...describe(s) };
      return {
        type: 'string',
        ...(num(s.minLength) !== undefined ? { minLength: s.minLength } : {}),
        ...(num(s.maxLength) !== undefined ? { maxLength: s.maxLength } : {}),
        ...describe(s),
      };
    case 'number':
    case 'integer':
    case 'boolean':
    case 'null':
      return { type: s.type, ...describe(s) };
    case 'array':
      return {
        type: 'array',
        items: toGrammarSchema(s.items, depth + 1),
        ...(num(s.minItems) !== undefined ? { minItems: s.minItems } : {}),
        ...(num(s.maxItems) !== undefined ? { maxItems: s.maxItems } : {}),
        ...describe(s),
      } as GbnfJsonSchema;
    case 'object':
      return withDefs(s, objectSchema(s, depth), depth);
    default:
      if (s.properties) return withDefs(s, objectSchema(s, depth), depth);
      return ANY;
  }
}

function objectSchema(s: Json, depth: number): GbnfJsonSchema {
  const properties: Record<string, GbnfJsonSchema> = {};
  for (const [k, v] of Object.entries(s.properties ?? {})) properties[k] = toGrammarSchema(v, depth + 1);
  const required = Array.isArray(s.required)
    ? s.required.filter((k: unknown) => typeof k === 'string' && k in properties)
    : [];
  const extra = s.additionalProperties;
  return {
    type: 'object',
    properties,
    required,
    // a free-form object (no properties) may hold anything; a described one holds only what it names
    additionalProperties:
      extra && typeof extra === 'object'
        ? toGrammarSchema(extra, depth + 1)
        : Object.keys(properties).length === 0 && extra !== false,
    ...describe(s),
  } as GbnfJsonSchema;
}

function withDefs(s: Json, out: GbnfJsonSchema, depth: number): GbnfJsonSchema {
  if (!s.$defs || typeof s.$defs !== 'object' || depth > 0) return out;
  const $defs: Record<string, GbnfJsonSchema> = {};
  for (const [k, v] of Object.entries(s.$defs)) $defs[k] = toGrammarSchema(v, depth + 1);
  return { ...out, $defs } as GbnfJsonSchema;
}
