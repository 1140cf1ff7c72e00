// The error a turn raises when the session it names can no longer take it (gone, another workspace or scope).
import { type ErrorCode, type ErrorKind, QuorraError } from '../contracts/errors.ts';

/** Same code and kind the caller always saw; the class lets `Turns` retry without branching on codes. */
export class StaleSessionError extends QuorraError {
  constructor(code: ErrorCode, message: string, kind: ErrorKind) {
    super(code, message, undefined, kind);
    this.name = 'StaleSessionError';
  }
}
