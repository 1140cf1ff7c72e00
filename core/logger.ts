// Structured JSON logging (pino); secrets are redacted wherever they appear in a log object.
import pino, { type Logger } from 'pino';

export type { Logger };

const secretKeys = ['apiKey', 'accessToken', 'password', 'token', 'secret', 'serviceSecret', 'authorization'];

/** Creates the root logger; plugins and subsystems take children of it. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const paths = secretKeys.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);
  return pino({ level, base: { app: 'quorra' }, redact: { paths, censor: '[redacted]' } }, destination);
}
