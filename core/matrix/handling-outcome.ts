// What became of one inbound event: answered (and how), ignored or refused (and why), or failed.
import type { MatrixEventStatus } from './matrix-event.entity.ts';

/** The result of handling an event, recorded in the event log and the metrics. */
export interface HandlingOutcome {
  status: Exclude<MatrixEventStatus, 'queued'>;
  /** For answered/refused: reply | command | reply_handler | apology | refusal | undecryptable. */
  how?: string;
  /** Why it was ignored or failed (a metrics label for ignores). */
  reason?: string;
  replyEventId?: string;
}
