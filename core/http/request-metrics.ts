// Times every HTTP request into a histogram labelled by matched route, method and status.
import type { Middleware } from 'koa';
import type { Metrics } from '../metrics/metrics.ts';

/** Koa middleware recording `quorra_http_request_duration_seconds`. */
export function requestMetrics(metrics: Metrics): Middleware {
  const hist = metrics.histogram('quorra_http_request_duration_seconds', 'HTTP request duration', [
    'method',
    'route',
    'status',
  ]);
  return async (ctx, next) => {
    const end = hist.startTimer();
    try {
      await next();
    } finally {
      const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
      end({ method: ctx.method, route: String(route), status: String(ctx.status) });
    }
  };
}
