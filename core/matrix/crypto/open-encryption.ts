// Starts the bot's end-to-end encryption for a connection: the WASM OlmMachine on the device's store in the data dir, or off with the reason.
import path from 'node:path';
import type { QuorraConfig } from '../../config/schema.ts';
import type { Logger } from '../../logger.ts';
import type { QuorraMatrixClient } from '../matrix-client.ts';
import type { MatrixEvent } from '../matrix-event.entity.ts';
import { describeError } from '../matrix-sender.ts';
import { EncryptedEvents } from './encrypted-events.ts';

/** E2EE for the connected client; if it cannot start, the bot runs without it and says why. */
export async function openEncryption(opts: {
  config: QuorraConfig;
  client: QuorraMatrixClient;
  userId: string;
  deviceId?: string;
  logger: Logger;
  requeue: (row: MatrixEvent) => void;
}): Promise<EncryptedEvents> {
  const cfg = opts.config.matrix;
  const off = (reason: string) => {
    const events = new EncryptedEvents(undefined, opts.requeue, 0, opts.logger);
    events.describe = () => `E2EE disabled: ${reason}`;
    return events;
  };
  if (!cfg.e2ee) return off('turned off (matrix.e2ee: false)');
  if (!opts.deviceId) return off('the homeserver did not say which device this login is');
  try {
    // the WASM crypto and its IndexedDB load with the first connection, not with the server: HTTP is up before them
    const { OlmEngine } = await import('./olm-engine.ts');
    const engine = await OlmEngine.open({
      userId: opts.userId,
      deviceId: opts.deviceId,
      dir: path.resolve(opts.config.dataDir, 'matrix', 'crypto'),
      client: opts.client,
      logger: opts.logger,
    });
    return new EncryptedEvents(engine, opts.requeue, cfg.keyWaitSeconds * 1000, opts.logger);
  } catch (err) {
    opts.logger.error({ err: describeError(err) }, 'end-to-end encryption could not start');
    return off(`the crypto store could not open (${describeError(err)})`);
  }
}
