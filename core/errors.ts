// Coded errors: every error Quorra raises on purpose has a stable code, a message and details.

/** An error with a stable machine-readable code (e.g. `QUORRA_PLUGIN_MISSING_DEPENDENCY`). */
export class QuorraError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'QuorraError';
  }
}

/** An error that maps to an HTTP status; the error envelope renders it as `{error:{code,message,details}}`. */
export class HttpError extends QuorraError {
  constructor(
    readonly status: number,
    code: string,
    message: string,
    details?: unknown,
  ) {
    super(code, message, details);
    this.name = 'HttpError';
  }
}

/** Shorthands for the HTTP errors handlers throw most. */
export const httpErrors = {
  badRequest: (message: string, details?: unknown) => new HttpError(400, 'BAD_REQUEST', message, details),
  unauthorized: (message = 'missing or unknown credentials') => new HttpError(401, 'UNAUTHORIZED', message),
  forbidden: (message = 'not allowed') => new HttpError(403, 'FORBIDDEN', message),
  notFound: (what = 'resource') => new HttpError(404, 'NOT_FOUND', `${what} not found`),
  conflict: (message: string, details?: unknown) => new HttpError(409, 'CONFLICT', message, details),
};
