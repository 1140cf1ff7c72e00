// Coded domain errors: every error Quorra raises on purpose has a stable code, a kind, a message and details.

/**
 * What went wrong, as a closed set; surfaces map it (HTTP: core/http/error-status.ts, Matrix: the apology).
 * The code names the precise failure (`SCOPE_MISMATCH`, `ALREADY_SENT`), the kind says how a caller should treat it.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unprocessable'
  | 'unavailable'
  | 'upstream'
  | 'timeout'
  | 'internal';

/** An error with a stable machine-readable code (e.g. `QUORRA_PLUGIN_MISSING_DEPENDENCY`) and a kind. */
export class QuorraError extends Error {
  readonly kind: ErrorKind;

  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
    kind: ErrorKind = 'internal',
  ) {
    super(message);
    this.name = 'QuorraError';
    this.kind = kind;
  }
}

/** The domain errors the engine, stores and plugins throw; the kind decides the HTTP status, not the thrower. */
export const fail = {
  invalid: (code: string, message: string, details?: unknown) =>
    new QuorraError(code, message, details, 'invalid'),
  badRequest: (message: string, details?: unknown) =>
    new QuorraError('BAD_REQUEST', message, details, 'invalid'),
  unauthenticated: (message = 'missing or unknown credentials') =>
    new QuorraError('UNAUTHORIZED', message, undefined, 'unauthenticated'),
  forbidden: (message = 'not allowed') => new QuorraError('FORBIDDEN', message, undefined, 'forbidden'),
  notFound: (what = 'resource') => new QuorraError('NOT_FOUND', `${what} not found`, undefined, 'not-found'),
  conflict: (code: string, message: string, details?: unknown) =>
    new QuorraError(code, message, details, 'conflict'),
  tooLarge: (code: string, message: string) => new QuorraError(code, message, undefined, 'too-large'),
  unprocessable: (code: string, message: string, details?: unknown) =>
    new QuorraError(code, message, details, 'unprocessable'),
  unavailable: (code: string, message: string, details?: unknown) =>
    new QuorraError(code, message, details, 'unavailable'),
  upstream: (code: string, message: string, details?: unknown) =>
    new QuorraError(code, message, details, 'upstream'),
  timeout: (code: string, message: string) => new QuorraError(code, message, undefined, 'timeout'),
};

/** True for a domain error of the given kind (callers branch on kinds or codes, never on HTTP statuses). */
export function isKind(err: unknown, kind: ErrorKind): err is QuorraError {
  return err instanceof QuorraError && err.kind === kind;
}
