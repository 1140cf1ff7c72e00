// Every request's one middleware: timed into the metrics, JSON bodies read, the routes, failures as envelopes.
import type { Middleware } from 'koa';
import { fail } from '../contracts/errors.ts';
import { isStorageFull } from '../db/storage-full.ts';
import type { StorageWatch } from '../health/storage-watch.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { answerError, answerUnmatched } from './error-envelope.ts';
import { readJsonBody } from './json-body.ts';
import { requestRecorder } from './request-metrics.ts';
import type { RouteTable } from './route-table.ts';

/**
 * One async step where there were four middlewares (metrics, error envelope, JSON edge, routes), each with its
 * own promise, closure and await per request, whatever the route: a GET reads no body and waits on nothing but
 * its route. `next` is what comes after the routes (the admin UI), reached when no route matched.
 */
export function requestPipeline(deps: {
  logger: Logger;
  metrics: Metrics;
  routes: RouteTable;
  bodyLimitBytes: number;
  /** Told when a write meets a full disk, and when one succeeds again. */
  storage?: StorageWatch;
}): Middleware {
  const record = requestRecorder(deps.metrics);
  const routes = deps.routes.dispatcher();
  return async (ctx, next) => {
    const started = performance.now();
    try {
      const reading = readJsonBody(ctx, deps.bodyLimitBytes);
      if (reading) await reading;
      const routed = routes(ctx, next);
      if (routed) await routed;
      answerUnmatched(ctx);
      if (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.status < 400) deps.storage?.noteWrite();
    } catch (err) {
      // a full disk is a state the person can act on, not an internal error
      if (isStorageFull(err)) {
        deps.storage?.noteFull();
        answerError(ctx, fail.storageFull(), deps.logger);
      } else answerError(ctx, err, deps.logger);
    } finally {
      record(ctx, started);
    }
  };
}
