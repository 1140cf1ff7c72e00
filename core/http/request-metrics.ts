// Times every HTTP request into a histogram labelled by matched route, method and status.
import type { Context } from 'koa';
import type { Metrics } from '../metrics/metrics.ts';

/**
 * Records one finished request in `quorra_http_request_duration_seconds`: `startedMs` is when it began, by
 * performance.now() (what prom-client's startTimer does with an hrtime pair and a merged labels object per request).
 */
export function requestRecorder(metrics: Metrics): (ctx: Context, startedMs: number) => void {
  // batched: every request observes it, and a scrape sees each observation all the same
  const observe = metrics.batchedHistogram('quorra_http_request_duration_seconds', 'HTTP request duration', [
    'method',
    'route',
    'status',
  ]);
  return (ctx, startedMs) => {
    const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
    observe(
      { method: ctx.method, route: String(route), status: String(ctx.status) },
      (performance.now() - startedMs) / 1000,
    );
  };
}
