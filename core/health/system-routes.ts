// GET /health and GET /metrics: what is running and how it is doing.
import { buildInfo } from '../build-info.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { defineRoute, withStatus } from '../plugin/route-definition.ts';
import type { Health } from './health.ts';

/** /health (200 ok|degraded, 503 failed) and /metrics (Prometheus text). */
export function systemRoutes(health: Health, metrics: Metrics, startedAt: Date) {
  return [
    defineRoute({
      method: 'GET',
      path: '/health',
      auth: 'public',
      summary: 'Database, model, Matrix, plugins and jobs: ok, degraded or failed (503)',
      handler: async () => {
        const report = await health.report();
        return withStatus(report.status === 'failed' ? 503 : 200, {
          status: report.status,
          version: buildInfo.version,
          commit: buildInfo.commit,
          uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
          checks: report.checks,
        });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/metrics',
      auth: 'public',
      summary: 'Prometheus metrics (text exposition format)',
      handler: async () => withStatus(200, await metrics.registry.metrics(), metrics.registry.contentType),
    }),
  ];
}
