// Spec-shaped Matrix errors (`{errcode, error}`) that route handlers throw and the server renders.

/** An error the server answers with the given HTTP status and `{errcode, error, ...extra}` body. */
export class MatrixApiError extends Error {
  constructor(
    readonly status: number,
    readonly errcode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'MatrixApiError';
  }

  /** The JSON body the spec prescribes for this error. */
  body(): Record<string, unknown> {
    return { errcode: this.errcode, error: this.message, ...this.extra };
  }
}

/** Shorthands for the errors the double raises most. */
export const matrixErrors = {
  forbidden: (message: string) => new MatrixApiError(403, 'M_FORBIDDEN', message),
  notFound: (message: string) => new MatrixApiError(404, 'M_NOT_FOUND', message),
  badJson: (message: string) => new MatrixApiError(400, 'M_BAD_JSON', message),
  notJson: () => new MatrixApiError(400, 'M_NOT_JSON', 'Content not JSON.'),
  invalidParam: (message: string) => new MatrixApiError(400, 'M_INVALID_PARAM', message),
  missingParam: (message: string) => new MatrixApiError(400, 'M_MISSING_PARAM', message),
  unknownToken: () =>
    new MatrixApiError(401, 'M_UNKNOWN_TOKEN', 'Unrecognised access token.', { soft_logout: false }),
  missingToken: () => new MatrixApiError(401, 'M_MISSING_TOKEN', 'Missing access token.'),
  unrecognized: (method: string, path: string) =>
    new MatrixApiError(404, 'M_UNRECOGNIZED', `Unrecognized request: ${method} ${path}`),
  userInUse: (userId: string) => new MatrixApiError(400, 'M_USER_IN_USE', `User ID already taken: ${userId}`),
};
