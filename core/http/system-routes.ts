// GET /health and GET /metrics: what is running and how it is doing.
import type Router from '@koa/router';
import { buildInfo } from '../build-info.ts';
import type { Health } from '../health/health.ts';
import type { Metrics } from '../metrics/metrics.ts';

/** Adds /health (200 ok|degraded, 503 failed) and /metrics (Prometheus text) to a router. */
export function addSystemRoutes(router: Router, health: Health, metrics: Metrics, startedAt: Date): void {
  router.get('/health', async (ctx) => {
    const report = await health.report();
    ctx.status = report.status === 'failed' ? 503 : 200;
    ctx.body = {
      status: report.status,
      version: buildInfo.version,
      commit: buildInfo.commit,
      uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      checks: report.checks,
    };
  });
  router.get('/metrics', async (ctx) => {
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  });
}
