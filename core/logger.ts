// Structured JSON logging (pino); secrets are redacted and errors are logged without the input that caused them.
import pino, { type Logger } from 'pino';
import { redactDatabaseUrls } from './text/database-url.ts';
import { echo } from './text/text-safety.ts';

export type { Logger };

const secretKeys = [
  'apiKey',
  'accessToken',
  'password',
  'token',
  'secret',
  'serviceSecret',
  'registrationSharedSecret',
  'authorization',
];
const MAX_FRAMES = 12;
// credentials that can end up inside an error message (an echoed header, a URL)
const SECRET_TEXT = /\b(Bearer\s+\S+|qra_[\w-]+|syt_[\w-]+|sk-[\w-]{6,})/g;

/**
 * An error as a log line carries it: type, code, a bounded message and the stack frames. Never the extra properties
 * parsers attach (a request body, a response), which a stranger controls and which can be megabytes.
 */
export function logError(err: unknown): unknown {
  if (!(err instanceof Error)) return typeof err === 'string' ? echo(err) : err;
  const e = err as Error & { code?: unknown; status?: unknown; cause?: unknown };
  const frames = (e.stack ?? '')
    .split('\n')
    .filter((l) => l.startsWith('    at '))
    .slice(0, MAX_FRAMES);
  return {
    type: e.name,
    message: redactDatabaseUrls(echo(e.message).replace(SECRET_TEXT, '[redacted]')),
    ...(typeof e.code === 'string' || typeof e.code === 'number' ? { code: e.code } : {}),
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    ...(frames.length ? { stack: frames.join('\n') } : {}),
    ...(e.cause instanceof Error ? { cause: logError(e.cause) } : {}),
  };
}

/** Creates the root logger; plugins and subsystems take children of it. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const paths = secretKeys.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]);
  return pino(
    {
      level,
      base: { app: 'quorra' },
      redact: { paths, censor: '[redacted]' },
      serializers: { err: logError },
    },
    destination,
  );
}
