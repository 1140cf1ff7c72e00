// Decides whether one drafted guest reply may go out alone: the policy, a separate classification, the screen, the cap, grounding.

import type { AutonomyPolicy } from './autonomy-policy.ts';
import { describeFinding, screenForAutonomy } from './autonomy-screen.ts';
import { checkGrounding, type GroundingSource, sentencesOf } from './grounding-check.ts';
import { AUTO_CATEGORIES, isAutoCategory, NEVER_CATEGORIES, type NeverCategory } from './guest-categories.ts';
import type { GuestClassification } from './guest-classifier.ts';

/** The booking as the gate reads it (the PMS's record, validated at the webhook). */
export interface BookingRecord {
  guestName: string;
  property: string | null;
  checkIn: string;
  checkOut: string;
  status: string | null;
}

/** What the gate needs besides the policy: each is a narrow function, so a test can see what was asked. */
export interface GateDeps {
  /** The separate classification of the guest's message alone. */
  classify(message: string): Promise<GuestClassification>;
  /** Passages of the workspace's guest-visible documents for a query. */
  guestPassages(query: string): Promise<GroundingSource[]>;
  /** Replies already sent alone for this reservation in the last 24 hours. */
  sentToday(): Promise<number>;
}

export interface GateDecision {
  send: boolean;
  category: string | null;
  confidence: number | null;
  /** Why not, in fixed words; empty when it is sent. */
  reasons: string[];
  sources: string[];
}

/** The booking record as a grounding source, in plain words. */
export function bookingSource(b: BookingRecord): GroundingSource {
  return {
    name: 'the booking',
    text: `Booking for ${b.guestName}${b.property ? ` at ${b.property}` : ''}: check-in ${b.checkIn}, check-out ${b.checkOut}, status ${b.status ?? 'unknown'}.`,
  };
}

function categoryName(c: string): string {
  if (isAutoCategory(c)) return AUTO_CATEGORIES[c];
  if (Object.hasOwn(NEVER_CATEGORIES, c)) return NEVER_CATEGORIES[c as NeverCategory];
  return 'something else';
}

/** Why the classification does not allow it, or null when it does. */
function classificationReason(c: GuestClassification, policy: AutonomyPolicy): string | null {
  if (c.category === 'other') return 'the message did not sort clearly into one of your categories';
  if (!isAutoCategory(c.category))
    return `the message is about ${categoryName(c.category).toLowerCase()}, which always needs you`;
  const allowed = policy.categories.find((a) => a.category === c.category);
  if (!allowed)
    return `the message is about ${categoryName(c.category).toLowerCase()}, which is not on your list`;
  if (c.confidence < allowed.threshold)
    return `the classification was ${Math.round(c.confidence * 100)}% sure; your threshold for this is ${Math.round(allowed.threshold * 100)}%`;
  return null;
}

/**
 * Every check runs and every reason is kept, so the owner sees all that stood in the way. The model's own view is
 * never enough: the classification sees only the guest's message, and the screen and the grounding are code.
 */
export async function decideAutonomy(
  input: { policy: AutonomyPolicy; message: string; draft: string; booking: BookingRecord },
  deps: GateDeps,
): Promise<GateDecision> {
  const { policy, message, draft, booking } = input;
  const reasons: string[] = [];
  const classification = await deps.classify(message);
  const why = classificationReason(classification, policy);
  if (why) reasons.push(why);
  if (booking.status !== 'confirmed') reasons.push('the booking is not confirmed');
  for (const f of screenForAutonomy({ message, draft, bookingDates: [booking.checkIn, booking.checkOut] }))
    reasons.push(describeFinding(f));
  const sent = await deps.sentToday();
  if (sent >= policy.dailyCap)
    reasons.push(
      `${sent} replies already went out alone for this stay today (your limit is ${policy.dailyCap})`,
    );
  const sources = [bookingSource(booking)];
  for (const sentence of sentencesOf(draft)) sources.push(...(await deps.guestPassages(sentence)));
  const grounding = checkGrounding(draft, sources);
  if (!grounding.supported) {
    const which = grounding.unsupported.join(', ');
    reasons.push(
      `${grounding.unsupported.length === 1 ? `sentence ${which} of the draft is` : `sentences ${which} of the draft are`} not backed by your guest information or the booking`,
    );
  }
  return {
    send: reasons.length === 0,
    category: classification.category,
    confidence: classification.confidence,
    reasons: [...new Set(reasons)],
    sources: grounding.sources,
  };
}
