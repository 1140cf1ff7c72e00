// The one table that turns a domain error's kind into an HTTP status; nothing below core/http knows statuses.
import type { ErrorKind } from '../contracts/errors.ts';

/** HTTP status per error kind. */
export const statusOfKind: Readonly<Record<ErrorKind, number>> = Object.freeze({
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-large': 413,
  unprocessable: 422,
  internal: 500,
  upstream: 502,
  unavailable: 503,
  timeout: 504,
});
