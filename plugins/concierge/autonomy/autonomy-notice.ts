// The owner's notice for a reply sent on their behalf, in the same fixed frame as every guest notice.
import { framedNotice } from 'quorra/plugin';
import type { GuestMessage } from '../guest-message.entity.ts';
import { stayOf } from '../owner-notice.ts';
import type { ConciergeReservation } from '../reservation.entity.ts';
import { AUTO_CATEGORIES, isAutoCategory } from './guest-categories.ts';

/** Sent replies are told afterwards: what the guest asked, what went out, and what it rested on. */
export function sentOnYourBehalfNotice(
  m: GuestMessage,
  r: ConciergeReservation,
  proposal: number,
  sent: { category: string; confidence: number; sources: string[]; draft: string },
): string {
  const topic = isAutoCategory(sent.category) ? AUTO_CATEGORIES[sent.category] : 'an easy question';
  return framedNotice(
    `**Guest message #${proposal} was answered on your behalf**`,
    [
      { label: 'Guest:', text: r.guestName },
      { label: 'Stay:', text: stayOf(r) },
      { label: 'Message:', text: m.guestText },
      { label: 'Sent reply:', text: sent.draft },
      `It was about ${topic.toLowerCase()} (${Math.round(sent.confidence * 100)}% sure), and every sentence rests on your guest information or the booking.`,
      { label: 'Sources:', text: sent.sources.join(', ') || 'the booking' },
    ],
    'Nothing to do. To stop replies like this, switch off "Answer easy questions on my behalf" for this workspace on the Workspaces page.',
  );
}

/** The paragraph a review notice adds when the policy is on but this reply was kept (fixed words only). */
export function keptForYouParagraph(reasons: string[]): string {
  return `Not sent on its own, because ${reasons.join('; ')}.`;
}
