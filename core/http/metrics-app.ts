// A listener of its own for /metrics, so Prometheus can scrape on a private address while the API faces the network.
import Koa from 'koa';
import { presentsToken } from '../health/system-routes.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { errorEnvelope } from './error-envelope.ts';

/** GET /metrics only; with a token configured, only for requests that present it. */
export function metricsApp(metrics: Metrics, token: string | undefined, logger: Logger): Koa {
  const app = new Koa();
  app.use(errorEnvelope(logger));
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' || ctx.path !== '/metrics') return;
    // no token: whoever can reach this address (chosen by the operator) may scrape
    if (token && !presentsToken(ctx.get('authorization'), token)) {
      ctx.status = 401;
      ctx.body = {
        error: { code: 'UNAUTHORIZED', message: 'present the metrics token (server.metrics.token)' },
      };
      return;
    }
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
  return app;
}
