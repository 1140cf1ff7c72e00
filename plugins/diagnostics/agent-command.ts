// `quorra diagnostics`: runs the diagnostics agent as its own process until SIGTERM/SIGINT.
import type { Writable } from 'node:stream';
import { createLogger, type QuorraConfig, QuorraError } from 'quorra/plugin';
import { DiagnosticsAgent } from './agent/diagnostics-agent.ts';
import { diagnosticsSettings } from './diagnostics-settings.ts';

export async function diagnostics(_args: string[], config: QuorraConfig, _out: Writable): Promise<number> {
  const parsed = diagnosticsSettings.safeParse(config.plugins.diagnostics?.settings ?? {});
  if (!parsed.success)
    throw new QuorraError(
      'QUORRA_PLUGIN_INVALID_SETTINGS',
      `plugins.diagnostics.settings: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const logger = createLogger(config.log.level).child({ process: 'diagnostics' });
  const agent = new DiagnosticsAgent({ config, settings: parsed.data, logger });
  await agent.start();
  return new Promise((resolve) => {
    const stop = (signal: string) => {
      logger.info({ signal }, 'diagnostics agent stopping');
      agent.stop().then(
        () => resolve(0),
        () => resolve(1),
      );
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
}
