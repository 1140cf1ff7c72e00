// `quorra serve`: checks what can fail, boots everything, listens, and shuts down gracefully on SIGTERM/SIGINT.
import type { QuorraConfig } from '../config/schema.ts';
import { announceSetupLink } from '../setup/setup-link-line.ts';
import { portInUse, preflight } from './preflight.ts';

/** How long past the grace a stop may take before the process exits regardless. */
const EXIT_AFTER_GRACE_MS = 2000;

/** Runs until a signal arrives; resolves with the exit code once shut down. */
export async function serve(_args: string[], config: QuorraConfig): Promise<number> {
  // before the app is even loaded: a busy port or a held data directory fails in well under a second
  const lock = await preflight(config);
  let quorra: Awaited<ReturnType<typeof import('../app.ts').createQuorra>>;
  try {
    const { createQuorra } = await import('../app.ts');
    quorra = await createQuorra(config);
  } catch (err) {
    lock.release();
    throw err;
  }
  let server: { url: string };
  try {
    server = await quorra.listen();
  } catch (err) {
    // another program took the port between the check and now: stop what started, and say so in one line
    await quorra.stop().catch(() => undefined);
    lock.release();
    const e = err as NodeJS.ErrnoException & { port?: number };
    if (e.code !== 'EADDRINUSE') throw err;
    const metrics = e.port !== undefined && e.port === config.server.metrics.port;
    throw metrics
      ? portInUse(config.server.metrics.host, e.port as number, 'QUORRA_METRICS_PORT')
      : portInUse(config.server.host, config.server.port, 'QUORRA_PORT');
  }
  await announceSetupLink(quorra.onboarding.gate, config, server.url);
  // the first verdict starts now, not with the first probe: its checks (the model endpoint's round trip) overlap
  // Matrix's start-up instead of following it, so the first /health has little or nothing left to wait for
  void quorra.health.status();
  // HTTP first: /health answers (Matrix "starting") while the SDK and its crypto load and the first sync runs;
  // a failed attempt is logged and retried by the runtime itself
  void quorra.connectMatrix().catch((err) => quorra.logger.error({ err }, 'Matrix could not start'));
  return new Promise((resolve) => {
    const shutdown = (signal: string) => {
      quorra.logger.info({ signal }, 'shutting down');
      // the grace, the turns' wind-down, then a hard bound: whatever still holds the process (a plugin's socket,
      // a call that ignored its abort) must not keep a stopped Quorra alive
      let done = false;
      setTimeout(() => {
        quorra.logger.warn({ stopped: done }, 'still running after the shutdown grace; exiting');
        process.exit(done ? 0 : 1);
      }, config.server.shutdownGraceMs + EXIT_AFTER_GRACE_MS).unref();
      quorra.stop().then(
        () => {
          done = true;
          lock.release();
          resolve(0);
        },
        (err) => {
          quorra.logger.error({ err }, 'shutdown failed');
          resolve(1);
        },
      );
    };
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    process.once('SIGINT', () => shutdown('SIGINT'));
  });
}
