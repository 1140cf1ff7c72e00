// Every request's one middleware: timed into the metrics, JSON bodies read, the routes, failures as envelopes.
import type { Middleware } from 'koa';
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
    } catch (err) {
      answerError(ctx, err, deps.logger);
    } finally {
      record(ctx, started);
    }
  };
}
