// /openapi.json: an OpenAPI 3.1 document built from the route table (zod 4's JSON Schema export), core and plugins.
import { z } from 'zod';
import { buildInfo } from '../build-info.ts';
import type { RouteDefinition } from '../contracts/route-definition.ts';
import type { RouteEntry } from './route-table.ts';

type JsonSchema = Record<string, unknown>;
type Shared = Record<string, JsonSchema>;

/** Points `#/$defs/x` at the component the definition moved to. */
function rewriteRefs(node: unknown, names: Map<string, string>): unknown {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, names));
  if (!node || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(node)) {
    const local = k === '$ref' && typeof v === 'string' ? /^#\/\$defs\/(.+)$/.exec(v) : null;
    out[k] = local ? `#/components/schemas/${names.get(local[1])}` : rewriteRefs(v, names);
  }
  return out;
}

/**
 * A schema as JSON Schema 2020-12 (what OpenAPI 3.1 speaks), input side: a request's defaults are optional, and
 * a response's codecs (wireTime) show their encoded, on-the-wire form.
 * Shared definitions (recursive schemas) move to `components.schemas` under names of their own.
 */
function schemaOf(schema: z.ZodType, shared: Shared): JsonSchema {
  const raw = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _dialect, $defs, ...rest } = raw as JsonSchema & { $defs?: Shared };
  if (!$defs) return rest;
  const names = new Map(
    Object.keys($defs).map((name) => [name, `Schema${Object.keys(shared).length + 1}_${name}`]),
  );
  for (const [name, def] of Object.entries($defs))
    shared[names.get(name)!] = rewriteRefs(def, names) as JsonSchema;
  return rewriteRefs(rest, names) as JsonSchema;
}

/** `/drafts/:id/send` → `/drafts/{id}/send`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(def: RouteDefinition<any, any, any, any, any>, path: string, shared: Shared) {
  const out: JsonSchema[] = [];
  const named = [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const declared = (def.params ? schemaOf(def.params, shared).properties : undefined) as Shared | undefined;
  for (const name of named)
    out.push({ name, in: 'path', required: true, schema: declared?.[name] ?? { type: 'string' } });
  if (def.query) {
    const q = schemaOf(def.query, shared);
    const required = new Set((q.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((q.properties ?? {}) as Shared))
      out.push({ name, in: 'query', required: required.has(name), schema });
  }
  return out;
}

const security: Record<string, Record<string, string[]>[] | undefined> = {
  public: undefined,
  member: [{ bearer: [] }],
  owner: [{ bearer: [] }],
  signed: [{ signature: [] }],
};

const camel = (path: string) =>
  path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase());

function operation(entry: RouteEntry, shared: Shared) {
  const { def } = entry;
  const params = parameters(def, entry.path, shared);
  return {
    summary: def.summary,
    operationId: `${def.method.toLowerCase()}${camel(entry.path)}`,
    tags: [def.tag ?? entry.owner],
    ...(security[def.auth] ? { security: security[def.auth] } : {}),
    ...(def.auth === 'owner' ? { description: 'Owner only.' } : {}),
    ...(params.length ? { parameters: params } : {}),
    ...(def.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: schemaOf(def.body, shared) } },
          },
        }
      : {}),
    responses: {
      '2XX': {
        description: 'Success: 200, or 201/202 where the route creates or accepts; 204 when there is no body',
        ...(def.response
          ? { content: { 'application/json': { schema: schemaOf(def.response, shared) } } }
          : {}),
      },
      default: {
        description: 'An error: `{error: {code, message, details?}}`',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      },
    },
  };
}

/** The OpenAPI 3.1 document for every registered route. */
export function openApiDocument(entries: RouteEntry[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared: Shared = {};
  for (const entry of entries) {
    const p = openApiPath(entry.path);
    paths[p] ??= {};
    paths[p][entry.def.method.toLowerCase()] = operation(entry, shared);
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Quorra', version: buildInfo.version, description: 'The household assistant’s HTTP API' },
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'A user’s API token (`quorra token`)' },
        signature: {
          type: 'apiKey',
          in: 'header',
          name: 'x-quorra-signature',
          description: '`sha256=<hex>`: HMAC-SHA256 of the raw body with the route’s shared secret',
        },
      },
      schemas: {
        ...shared,
        ErrorEnvelope: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'message'],
              properties: { code: { type: 'string' }, message: { type: 'string' }, details: {} },
            },
          },
        },
      },
    },
  };
}

/** GET /openapi.json: this API as OpenAPI 3.1, every core and plugin route registered at the time of the request. */
export function openApiRoute(list: () => RouteEntry[]): RouteDefinition<'public'> {
  return {
    method: 'GET',
    path: '/openapi.json',
    auth: 'public',
    summary: 'This API as OpenAPI 3.1, every core and plugin route',
    response: z.looseObject({ openapi: z.literal('3.1.0'), paths: z.record(z.string(), z.unknown()) }),
    handler: () => openApiDocument(list()),
  } as RouteDefinition<'public'>;
}
