// The Koa application: metrics, the error envelope, the strict JSON edge, every declared route, the admin UI.
import Koa from 'koa';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { adminUi } from './admin-ui.ts';
import { errorEnvelope } from './error-envelope.ts';
import { type HttpServer, listen } from './http-server.ts';
import { jsonBody } from './json-body.ts';
import { requestMetrics } from './request-metrics.ts';
import type { RouteTable } from './route-table.ts';

/** Builds the HTTP app over the route table; `listen` starts serving it. */
export function httpApp(deps: {
  logger: Logger;
  metrics: Metrics;
  routes: RouteTable;
  bodyLimitBytes: number;
}) {
  const http = new Koa();
  http.proxy = false;
  // what Koa can no longer answer (the client left mid-request, a file stream failed) goes to the log, not to
  // stderr as Koa's bare stack trace; a client that simply went away is routine
  http.on('error', (err: NodeJS.ErrnoException) => {
    const gone =
      err.code === 'ECONNRESET' ||
      err.code === 'EPIPE' ||
      /^(HPE_|ERR_STREAM_PREMATURE)/.test(err.code ?? '');
    deps.logger[gone ? 'debug' : 'warn']({ code: err.code, message: err.message }, 'response not completed');
  });
  http.use(requestMetrics(deps.metrics));
  http.use(errorEnvelope(deps.logger));
  http.use(jsonBody({ limitBytes: deps.bodyLimitBytes }));
  http.use(deps.routes.middleware());
  http.use(adminUi());
  return { listen: (host: string, port: number): Promise<HttpServer> => listen(http, host, port) };
}
