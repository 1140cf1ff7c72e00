// A booted Quorra's lifecycle: listen (and the separate /metrics port), connect Matrix, and stop in the order that
// loses nothing: intake ends at once, turns in flight get the grace (then their model calls are aborted and their
// messages are left for the next start, exactly once), then jobs and Matrix, plugins, the model, memory's counts, the db.
import type { Quorra } from './app-quorra.ts';
import { buildInfo } from './build-info.ts';
import { WIND_DOWN_MS } from './engine/turn-drain.ts';
import { type HttpServer, listen } from './http/http-server.ts';
import { metricsApp } from './http/metrics-app.ts';
import type { MatrixSetup } from './matrix/setup-matrix.ts';
import type { CoreContributions } from './plugin/core-contributions.ts';
import type { PluginHost } from './plugin/plugin-host.ts';

/** The parts the lifecycle starts and stops; `http` listens on the main port. */
export type LifecycleParts = Pick<
  Quorra,
  | 'config'
  | 'logger'
  | 'db'
  | 'metrics'
  | 'model'
  | 'scheduler'
  | 'conversation'
  | 'routes'
  | 'memory'
  | 'dream'
> & {
  contribute: CoreContributions;
  matrix: MatrixSetup;
  host: PluginHost;
  http: { listen(host: string, port: number): Promise<HttpServer> };
};

/** listen, connectMatrix and stop over the parts; serverUrl is the main port's URL once it listens. */
export function appLifecycle(p: LifecycleParts) {
  const { config, logger } = p;
  let server: HttpServer | undefined;
  let metricsServer: HttpServer | undefined;
  let stopped = false;
  let connecting: Promise<void> | undefined;
  return {
    serverUrl: () => server?.url,
    metricsServer: () => metricsServer,
    async listen() {
      server = await p.http.listen(config.server.host, config.server.port);
      logger.info({ url: server.url }, `Quorra ${buildInfo.version} listening on ${server.url}`);
      const m = config.server.metrics;
      if (m.port !== undefined) {
        metricsServer = await listen(metricsApp(p.metrics, m.token, logger), m.host, m.port);
        logger.info({ url: metricsServer.url }, `metrics on ${metricsServer.url}/metrics`);
      }
      return server;
    },
    connectMatrix() {
      connecting ??= stopped ? Promise.resolve() : p.matrix.start();
      return connecting;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      const grace = config.server.shutdownGraceMs;
      // no new connection, no new sync; what is in flight gets the grace, then its model calls are aborted
      p.routes.endStreams();
      const closing = Promise.all([server, metricsServer].map((s) => s?.close(grace + WIND_DOWN_MS)));
      p.matrix.halt();
      await Promise.all([p.conversation.engine.drain.close(grace), p.matrix.settle(grace)]);
      await closing;
      await p.dream.stop();
      await p.scheduler.stop();
      await p.matrix.stop(WIND_DOWN_MS);
      // a first connection still under way must not touch the database after it closes
      await connecting?.catch(() => undefined);
      await p.host.stop();
      await p.contribute.dispose();
      await p.model.close();
      // the recall counts still gathered in memory (written every few seconds)
      await p.memory.store
        .flushReferences()
        .catch((err) => logger.warn({ err }, 'memory reference counts not written at stop'));
      await p.db.destroy();
      logger.info('Quorra stopped');
    },
  };
}
