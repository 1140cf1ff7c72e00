// Finance's coded errors as HTTP answers: not allowed is 403, bad input 400, anything else stays internal.
import { HttpError, QuorraError } from '../../core/errors.ts';

const forbidden = new Set(['FINANCE_NOT_ALLOWED', 'FINANCE_NOT_BOUND']);

/** Runs fn; a finance QuorraError becomes the HttpError the envelope renders with its reason. */
export async function asHttp<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof QuorraError && !(err instanceof HttpError) && err.code.startsWith('FINANCE_'))
      throw new HttpError(forbidden.has(err.code) ? 403 : 400, err.code, err.message, err.details);
    throw err;
  }
}
