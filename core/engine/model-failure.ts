// Maps a model failure to the HTTP error a caller gets (and the words a chat surface apologises with).
import { HttpError } from '../errors.ts';
import { ModelBusyError } from '../model/embedded/turn-queue.ts';
import { classifyModelError } from '../model/model-client.ts';

/** The HttpError for a failed model call. */
export function modelFailure(err: unknown): HttpError {
  const kind = classifyModelError(err);
  if (err instanceof ModelBusyError)
    return new HttpError(503, 'MODEL_BUSY', 'the model is busy with other conversations; try again shortly', {
      retryAfterSeconds: err.retryAfterSeconds,
    });
  if (kind === 'missing') return new HttpError(503, 'MODEL_MISSING', (err as Error).message);
  if (kind === 'timeout') return new HttpError(504, 'MODEL_TIMEOUT', 'the model did not answer in time');
  if (kind === 'unreachable')
    return new HttpError(502, 'MODEL_UNAVAILABLE', 'the model endpoint cannot be reached');
  if (kind === 'rate_limited')
    return new HttpError(503, 'MODEL_BUSY', 'the model endpoint is busy; try again shortly');
  return new HttpError(502, 'MODEL_ERROR', `the model answered with an error (${kind})`);
}
