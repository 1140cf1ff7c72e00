// A logger writing into memory, so a test can count the bytes and read the lines a request produced.
import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../core/logger.ts';

/** The captured log: its logger, its text so far and its size in bytes. */
export interface LogCapture {
  logger: Logger;
  text(): string;
  bytes(): number;
}

/** A JSON logger at `level` whose output stays in memory. */
export function captureLog(level = 'info'): LogCapture {
  const chunks: string[] = [];
  let bytes = 0;
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(chunk.toString());
      bytes += chunk.length;
      done();
    },
  });
  return { logger: createLogger(level, stream), text: () => chunks.join(''), bytes: () => bytes };
}
