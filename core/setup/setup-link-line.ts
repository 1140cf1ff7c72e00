// The one plain line `npm start` prints while the household has no owner: where to open the setup page.
import type { Writable } from 'node:stream';
import { publicUrlOf } from '../auth/sign-in-link.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { SetupGate } from './setup-gate.ts';

/**
 * Written as plain text, not a JSON log record, so the person who typed `npm start` sees what to do next among
 * the log lines; nothing is written once an owner exists.
 */
export async function announceSetupLink(
  gate: SetupGate,
  config: QuorraConfig,
  listening: string,
  out: Pick<Writable, 'write'> = process.stdout,
): Promise<string | undefined> {
  if (!(await gate.open())) return undefined;
  const link = `${publicUrlOf(config, listening)}${gate.path()}`;
  out.write(
    `Quorra is running. Open ${link} to set up the household (this link works until the owner is created).\n`,
  );
  return link;
}
