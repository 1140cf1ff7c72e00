// matrix-bot-sdk logs through its own LogService; this routes it into Quorra's logger.
import type { Logger } from '../logger.ts';
import type { LoadedMatrixSdk } from './load-matrix-sdk.ts';
import { describeError } from './matrix-sender.ts';

/** Sends matrix-bot-sdk's own log lines to Quorra's logger (errors as warnings; expected 404s and 429s as debug). */
export function routeSdkLogs(loaded: LoadedMatrixSdk, logger: Logger): void {
  const { LogService, LogLevel } = loaded.sdk;
  const line =
    (level: 'warn' | 'debug' | 'trace') =>
    (module: string, ...parts: unknown[]) => {
      // 404s (e.g. no m.direct yet) and 429s (waited out, logged by the runtime) are expected
      const expected = parts.some((p) =>
        /^(M_NOT_FOUND|M_LIMIT_EXCEEDED)$/.test((p as { errcode?: string } | null)?.errcode ?? ''),
      );
      const text = parts.map((p) => (typeof p === 'string' ? p : describeError(p))).join(' ');
      logger[expected ? 'debug' : level]({ module }, text);
    };
  LogService.setLogger({
    error: line('warn'),
    warn: line('warn'),
    info: line('debug'),
    debug: line('trace'),
    trace: line('trace'),
  });
  LogService.setLevel(logger.isLevelEnabled('debug') ? LogLevel.DEBUG : LogLevel.WARN);
}
