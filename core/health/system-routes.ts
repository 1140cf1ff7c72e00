// GET /health (public liveness), /health/details (owner) and /metrics (the metrics token): what runs and how.

import { z } from 'zod';
import { buildInfo } from '../build-info.ts';
import { fail } from '../contracts/errors.ts';
import { defineRoute, type RouteReply, withStatus } from '../contracts/route-definition.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { safeEqual } from '../text/safe-equal.ts';
import { type Health, type HealthState, healthStates } from './health.ts';

/** GET /health: the overall state only. */
export const livenessReply = z.strictObject({ status: z.enum(healthStates) });
/** GET /health/details (the admin UI's type of it too). */
export const healthDetailsReply = z.strictObject({
  status: z.enum(healthStates),
  version: z.string(),
  commit: z.string(),
  uptimeSeconds: z.number(),
  /** Each check: a state and its reason, beside details of its own (db, model, matrix, plugins, jobs, …). */
  checks: z.record(
    z.string(),
    z.looseObject({ status: z.enum(healthStates), reason: z.string().optional() }),
  ),
});

/** True when an `Authorization: Bearer …` header presents `token`. */
export function presentsToken(authorization: string | undefined, token: string | undefined): boolean {
  const presented = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  return Boolean(token && presented && safeEqual(presented, token));
}

/** The Prometheus text, as a reply. */
export async function metricsReply(metrics: Metrics) {
  return withStatus(200, await metrics.registry.metrics(), metrics.registry.contentType);
}

/** /health (200 ok|degraded, 503 failed; nothing else), /health/details (owner) and /metrics (token). */
export function systemRoutes(health: Health, metrics: Metrics, startedAt: Date, metricsToken?: string) {
  // a stranger learns whether Quorra is up, never paths, URLs, disk or counts; the few answers are made once
  const verdicts = Object.fromEntries(
    healthStates.map((status) => [status, withStatus(status === 'failed' ? 503 : 200, { status })]),
  ) as Record<HealthState, RouteReply>;
  return [
    defineRoute({
      method: 'GET',
      path: '/health',
      auth: 'public',
      summary: 'Liveness: ok, degraded or failed (503), and nothing else',
      response: livenessReply,
      handler: () => {
        // cached and refreshed in the background: probing liveness must cost next to nothing
        const status = health.status();
        return typeof status === 'string' ? verdicts[status] : status.then((s) => verdicts[s]);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/health/details',
      auth: 'owner',
      summary: 'Database, model, Matrix, plugins and jobs, each with its reason',
      response: healthDetailsReply,
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
      // checked by the handler: Prometheus presents server.metrics.token, not a household user's token
      auth: 'public',
      summary: 'Prometheus metrics (text exposition format); needs the metrics token',
      handler: async ({ header }) => {
        if (!presentsToken(header('authorization'), metricsToken))
          throw fail.unauthenticated(
            metricsToken
              ? 'present the metrics token (server.metrics.token)'
              : '/metrics needs server.metrics.token, or server.metrics.port for a listener of its own',
          );
        return metricsReply(metrics);
      },
    }),
  ];
}
