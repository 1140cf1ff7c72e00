// The Koa application: the request pipeline (metrics, the error envelope, the strict JSON edge, every declared route), then the admin UI.
import Koa from 'koa';
import type { StorageWatch } from '../health/storage-watch.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics/metrics.ts';
import { adminUi } from './admin-ui.ts';
import { type ClientTimeouts, type HttpServer, listen } from './http-server.ts';
import { requestPipeline } from './request-pipeline.ts';
import type { RouteTable } from './route-table.ts';

/** Builds the HTTP app over the route table; `listen` starts serving it. */
export function httpApp(deps: {
  logger: Logger;
  metrics: Metrics;
  routes: RouteTable;
  storage?: StorageWatch;
  /** The body limit and client timeouts (config.server). */
  server: ClientTimeouts & { bodyLimitBytes: number };
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
  http.use(requestPipeline({ ...deps, bodyLimitBytes: deps.server.bodyLimitBytes }));
  http.use(adminUi());
  return {
    listen: (host: string, port: number): Promise<HttpServer> => listen(http, host, port, deps.server),
  };
}
