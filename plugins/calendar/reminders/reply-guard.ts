// The reply may say a reminder is set only when reminder_set succeeded in that turn; otherwise it is corrected and counted.
import type { ToolCallRecord } from 'quorra/plugin';

// "reminder … set/scheduled", "I'll remind you", "I have set … reminder"
const claims = [
  /\bremind(?:er)?s?\b[^.!?\n]{0,80}\b(?:set|scheduled|created|added|saved|booked)\b/i,
  /\b(?:set|scheduled|created|added|saved)\b[^.!?\n]{0,40}\breminder\b/i,
  /\bI(?:'|’)?ll remind\b|\bI will remind\b|\bwill remind you\b/i,
];

/** What a person reads instead of a false claim after the tool failed. */
export const FAILED_CORRECTION =
  '⚠️ Correction: no reminder was set — setting it failed, so nothing will remind you. Please tell me again when you want to be reminded (a day and a time).';

/** What a person reads instead of a claim when the tool was never called. */
export const NOT_CALLED_CORRECTION =
  '⚠️ Correction: no reminder was set — nothing is scheduled yet. Tell me the day and time, and I will set it.';

/** A corrected reply when it claims a reminder without a successful reminder_set, else undefined. */
export function reviewReminderClaim(reply: string, calls: ToolCallRecord[]): string | undefined {
  const sets = calls.filter((c) => c.name === 'reminder_set');
  if (sets.some((c) => c.outcome === 'ok')) return undefined;
  // listing or cancelling talks about reminders that are set without setting one
  if (!sets.length && calls.some((c) => c.name === 'reminder_list' || c.name === 'reminder_cancel'))
    return undefined;
  if (!claims.some((re) => re.test(reply))) return undefined;
  return sets.length ? FAILED_CORRECTION : NOT_CALLED_CORRECTION;
}

/** The reviewReply hook: corrects false claims, counts them and logs the session (never the reply text). */
export function reminderClaimHook(
  metrics: { counter(name: string, help: string): { inc(): void } },
  logger: { warn(obj: object, msg: string): void },
) {
  const corrected = metrics.counter(
    'quorra_calendar_reminder_claims_corrected_total',
    'Replies that claimed a reminder was set without a successful reminder_set',
  );
  return ({ reply, calls, session }: { reply: string; calls: ToolCallRecord[]; session: { id: string } }) => {
    const fixed = reviewReminderClaim(reply, calls);
    if (fixed) {
      corrected.inc();
      logger.warn({ session: session.id }, 'reply claimed a reminder that was not set; corrected');
    }
    return fixed;
  };
}
