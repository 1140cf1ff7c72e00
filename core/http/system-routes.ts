// GET /health (public liveness), /health/details (owner) and /metrics (owner or the metrics token).
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { ownerOf, safeEqual } from '../auth/authenticate.ts';
import { buildInfo } from '../build-info.ts';
import type { Health } from '../health/health.ts';
import type { Metrics } from '../metrics/metrics.ts';

export interface SystemRouteDeps {
  health: Health;
  metrics: Metrics;
  startedAt: Date;
  /** The user authentication middleware. */
  auth: Middleware;
  /** A bearer token Prometheus may present instead of an owner's API token. */
  metricsToken?: string;
}

/** Serves the Prometheus text. */
export function metricsHandler(metrics: Metrics): Middleware {
  return async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}

/** Lets a request through with the metrics token, otherwise only an owner's. */
export function metricsAccess(token: string | undefined, auth?: Middleware): Middleware {
  return async (ctx, next) => {
    const presented = /^Bearer\s+(\S+)$/i.exec(ctx.get('authorization'))?.[1];
    if (token && presented && safeEqual(presented, token)) return next();
    if (!auth) {
      ctx.status = 401;
      ctx.body = { error: { code: 'UNAUTHORIZED', message: 'the metrics token is required' } };
      return;
    }
    return auth(ctx, async () => {
      ownerOf(ctx);
      await next();
    });
  };
}

/** Adds /health (200 ok|degraded, 503 failed; nothing else), /health/details and /metrics to a router. */
export function addSystemRoutes(router: Router, d: SystemRouteDeps): void {
  router.get('/health', async (ctx) => {
    const report = await d.health.report();
    ctx.status = report.status === 'failed' ? 503 : 200;
    // a stranger learns whether Quorra is up, never paths, URLs, disk or counts
    ctx.body = { status: report.status };
  });
  router.get('/health/details', d.auth, async (ctx) => {
    ownerOf(ctx);
    const report = await d.health.report();
    ctx.status = report.status === 'failed' ? 503 : 200;
    ctx.body = {
      status: report.status,
      version: buildInfo.version,
      commit: buildInfo.commit,
      uptimeSeconds: Math.round((Date.now() - d.startedAt.getTime()) / 1000),
      checks: report.checks,
    };
  });
  router.get('/metrics', metricsAccess(d.metricsToken, d.auth), metricsHandler(d.metrics));
}
