// `quorra serve`: boots everything, listens, and shuts down gracefully on SIGTERM/SIGINT.
import { createQuorra } from '../app.ts';
import type { QuorraConfig } from '../config/schema.ts';

/** Runs until a signal arrives; resolves with the exit code once shut down. */
export async function serve(_args: string[], config: QuorraConfig): Promise<number> {
  const quorra = await createQuorra(config);
  await quorra.listen();
  // the first verdict starts now, not with the first probe: its checks (the model endpoint's round trip) overlap
  // Matrix's start-up instead of following it, so the first /health has little or nothing left to wait for
  void quorra.health.status();
  // HTTP first: /health answers (Matrix "starting") while the SDK and its crypto load and the first sync runs;
  // a failed attempt is logged and retried by the runtime itself
  void quorra.connectMatrix().catch((err) => quorra.logger.error({ err }, 'Matrix could not start'));
  return new Promise((resolve) => {
    const shutdown = (signal: string) => {
      quorra.logger.info({ signal }, 'shutting down');
      quorra.stop().then(
        () => resolve(0),
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
