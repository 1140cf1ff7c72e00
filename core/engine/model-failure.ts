// Maps a model failure to the domain error a caller gets (and the words a chat surface apologises with).
import { fail, type QuorraError } from '../contracts/errors.ts';
import { ModelBusyError } from '../model/embedded/turn-queue.ts';
import { classifyModelError } from '../model/model-client.ts';

/** The domain error for a failed model call. */
export function modelFailure(err: unknown): QuorraError {
  const kind = classifyModelError(err);
  // the in-process model's waiting line is full: come back after roughly the turns ahead
  if (err instanceof ModelBusyError)
    return fail.unavailable('MODEL_BUSY', 'the model is busy with other conversations; try again shortly', {
      retryAfterSeconds: err.retryAfterSeconds,
    });
  if (kind === 'missing') return fail.unavailable('MODEL_MISSING', (err as Error).message);
  if (kind === 'timeout') return fail.timeout('MODEL_TIMEOUT', 'the model did not answer in time');
  if (kind === 'unreachable')
    return fail.upstream('MODEL_UNAVAILABLE', 'the model endpoint cannot be reached');
  if (kind === 'rate_limited')
    return fail.unavailable('MODEL_BUSY', 'the model endpoint is busy; try again shortly');
  return fail.upstream('MODEL_ERROR', `the model answered with an error (${kind})`);
}
