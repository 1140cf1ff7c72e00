// Renders every failure as {error:{code,message,details}} with the right status; never leaks stack traces.
import type { Context, Middleware } from 'koa';
import { ZodError } from 'zod';
import { QuorraError } from '../contracts/errors.ts';
import type { Logger } from '../logger.ts';
import { echo } from '../text/text-safety.ts';
import { statusOfKind } from './error-status.ts';

// a body with ten thousand unknown keys must not answer with ten thousand issues
const MAX_ISSUES = 20;

/** Detail entries as sent: at most MAX_ISSUES, every path and message bounded (they may echo input). */
function boundedIssues(issues: { path: string; message: string; code: string }[]) {
  const shown = issues
    .slice(0, MAX_ISSUES)
    .map((i) => ({ path: echo(i.path), message: echo(i.message), code: i.code }));
  if (issues.length > MAX_ISSUES)
    shown.push({ path: '', message: `…and ${issues.length - MAX_ISSUES} more`, code: 'truncated' });
  return shown;
}

/** The JSON body of every error response. */
export interface ErrorEnvelope {
  error: { code: string; message: string; details?: unknown };
}

/** Maps an error to a status and envelope. */
export function toEnvelope(err: unknown): { status: number; body: ErrorEnvelope } {
  if (err instanceof QuorraError && err.kind !== 'internal') {
    return {
      status: statusOfKind[err.kind],
      body: { error: { code: err.code, message: echo(err.message, 500), details: err.details } },
    };
  }
  if (err instanceof ZodError) {
    const details = boundedIssues(
      err.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message, code: i.code })),
    );
    return {
      status: 400,
      body: { error: { code: 'VALIDATION_FAILED', message: 'request failed validation', details } },
    };
  }
  const e = err as { status?: number; type?: string; message?: string; expose?: boolean };
  if (e?.status === 413 || e?.type === 'entity.too.large') {
    return {
      status: 413,
      body: { error: { code: 'PAYLOAD_TOO_LARGE', message: 'request body is too large' } },
    };
  }
  if (e?.status === 400 && /JSON|Unexpected|parse/i.test(e.message ?? '')) {
    return {
      status: 400,
      body: { error: { code: 'INVALID_JSON', message: 'request body is not valid JSON' } },
    };
  }
  if (e?.status === 415) {
    return {
      status: 415,
      body: { error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: e.message ?? 'unsupported media type' } },
    };
  }
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500 && e.expose) {
    return {
      status: e.status,
      body: { error: { code: 'BAD_REQUEST', message: e.message ?? 'bad request' } },
    };
  }
  const code = err instanceof QuorraError ? err.code : 'INTERNAL';
  return { status: 500, body: { error: { code, message: 'internal error' } } };
}

/** A request nothing answered (no route, no static file): the 404 envelope instead of Koa's plain "Not Found". */
export function answerUnmatched(ctx: Context): void {
  if (ctx.status !== 404 || ctx.body !== undefined) return;
  // explicit, or Koa would make the status 200 when the body is set
  ctx.status = 404;
  ctx.body = { error: { code: 'NOT_FOUND', message: `no route for ${ctx.method} ${echo(ctx.path)}` } };
}

/** Answers a failed request with its envelope and status (nothing, once the headers have gone out). */
export function answerError(ctx: Context, err: unknown, logger: Logger): void {
  const { status, body } = toEnvelope(err);
  // never the body, and only a bounded path: a stranger chooses both
  if (status >= 500) logger.error({ err, path: echo(ctx.path), method: ctx.method }, 'request failed');
  if (ctx.headerSent || !ctx.writable) return;
  ctx.status = status;
  // a busy model says when to come back (RFC 9110 Retry-After, in seconds)
  const retry = (body.error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (status === 503 && typeof retry === 'number') ctx.set('Retry-After', String(retry));
  ctx.type = 'application/json';
  ctx.body = body;
}

/** Koa middleware: catches everything below it and answers with the envelope; unknown routes are 404s. */
export function errorEnvelope(logger: Logger): Middleware {
  return async (ctx, next) => {
    try {
      await next();
      answerUnmatched(ctx);
    } catch (err) {
      answerError(ctx, err, logger);
    }
  };
}
