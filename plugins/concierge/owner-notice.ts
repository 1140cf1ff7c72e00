// Tells every owner about a draft (or an escalation) through ctx.notify, in a frame guest text cannot break.
import { framedNotice, type Logger, type NotifyCapability, type PeopleCapability } from 'quorra/plugin';
import type { GuestMessage } from './guest-message.entity.ts';
import type { ConciergeReservation } from './reservation.entity.ts';

/** What sending owner notices needs from the plugin context. */
export interface OwnerNoticeDeps {
  notify: NotifyCapability;
  people: PeopleCapability;
  logger: Logger;
}

/** The stay as a stranger's text: the property is the PMS's, the dates are validated at the webhook. */
export function stayOf(r: Pick<ConciergeReservation, 'property' | 'checkIn' | 'checkOut'>): string {
  return `${r.property ? `${r.property}, ` : ''}${r.checkIn} → ${r.checkOut}`;
}

/**
 * The notification for one draft in a fixed frame: our title, labels and commands; the guest's name, stay and
 * message, the escalation reason and the draft each quoted under their label, so none can fake a header or a label.
 */
export function draftNotice(
  m: GuestMessage,
  r: ConciergeReservation,
  proposal: number,
  /** A paragraph of the frame's own words (why the auto-send policy kept it), never guest text. */
  kept?: string,
): string {
  const needsYou = !!m.escalationReason;
  const title = needsYou ? `**Guest message #${proposal} needs you**` : `**Guest message #${proposal}**`;
  return framedNotice(
    title,
    [
      { label: 'Guest:', text: r.guestName },
      { label: 'Stay:', text: stayOf(r) },
      ...(needsYou ? [{ label: 'Reason:', text: m.escalationReason! }] : []),
      { label: 'Message:', text: m.guestText },
      m.draft?.trim() ? { label: 'Draft reply:', text: m.draft } : 'No draft yet — write the reply yourself.',
      ...(kept ? [kept] : []),
    ],
    `Reply **send** or **edit: …** to this message (or \`!quorra approvals send ${proposal}\`; \`edit ${proposal} <your text>\` and \`discard ${proposal}\` work too, and so does the Approvals page). Nothing is sent to the guest until you do.`,
  );
}

/** Queues `text` for every owner (a Matrix reply goes to `replyTo` when given); high urgency goes out at once. Failures are logged, never thrown. */
export async function notifyOwners(
  d: OwnerNoticeDeps,
  text: string,
  urgency: 'high' | 'normal',
  replyTo?: { handler: string; ref: string },
): Promise<number> {
  let queued = 0;
  for (const owner of await d.people.owners()) {
    try {
      await d.notify(owner.id, text, replyTo ? { urgency, replyTo } : { urgency });
      queued++;
    } catch (err) {
      d.logger.error({ err, user: owner.id }, 'could not queue a concierge notification');
    }
  }
  return queued;
}
