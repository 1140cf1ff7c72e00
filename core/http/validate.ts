// Parses request input with a zod schema; failures become 400 VALIDATION_FAILED with the issue list.
import type { Context } from 'koa';
import type { z } from 'zod';

/** Validates the JSON body; throws the ZodError the envelope renders as 400. */
export function body<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse((ctx.request as { body?: unknown }).body ?? {});
}

/** Validates the query string. */
export function query<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse(ctx.query);
}

/** Validates route parameters. */
export function params<S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> {
  return schema.parse((ctx as { params?: unknown }).params ?? {});
}
