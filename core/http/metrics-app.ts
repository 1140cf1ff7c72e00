// A listener of its own for /metrics, so Prometheus can scrape on a private address while the API faces the network.
import Router from '@koa/router';
import Koa from 'koa';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { errorEnvelope } from './error-envelope.ts';
import { metricsAccess, metricsHandler } from './system-routes.ts';

/** GET /metrics only; with a token configured, only for requests that present it. */
export function metricsApp(metrics: Metrics, token: string | undefined, logger: Logger): Koa {
  const app = new Koa();
  const router = new Router();
  if (token) router.get('/metrics', metricsAccess(token), metricsHandler(metrics));
  // no token: whoever can reach this address (chosen by the operator) may scrape
  else router.get('/metrics', metricsHandler(metrics));
  app.use(errorEnvelope(logger));
  app.use(router.routes());
  return app;
}
