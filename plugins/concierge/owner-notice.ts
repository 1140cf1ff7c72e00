// Tells every owner about a draft (or an escalation) through ctx.notify, with how to answer it.
import type { Logger } from '../../core/logger.ts';
import type { NotifyCapability, PeopleCapability } from '../../core/plugin/capabilities.ts';
import type { GuestMessage } from './guest-message.entity.ts';
import type { ConciergeReservation } from './reservation.entity.ts';

/** What sending owner notices needs from the plugin context. */
export interface OwnerNoticeDeps {
  notify: NotifyCapability;
  people: PeopleCapability;
  logger: Logger;
}

const quote = (text: string) =>
  text
    .split('\n')
    .map((l) => `> ${l}`)
    .join('\n');

/** The notification text for one draft: who wrote, what, the draft, and the commands that answer it. */
export function draftNotice(m: GuestMessage, r: ConciergeReservation): string {
  const stay = `${r.property ? `${r.property}, ` : ''}${r.checkIn} → ${r.checkOut}`;
  const head =
    m.state === 'needs_you'
      ? `**Guest message #${m.id} needs you** — ${r.guestName} (${stay})${m.escalationReason ? `\nReason: ${m.escalationReason}` : ''}`
      : `**Guest message #${m.id}** — ${r.guestName} (${stay})`;
  const draft = m.draft?.trim()
    ? `Draft reply:\n${quote(m.draft)}`
    : 'No draft yet — write the reply yourself.';
  return [
    head,
    quote(m.guestText),
    draft,
    `Reply **send** or **edit: …** to this message (or \`!quorra concierge send ${m.id}\`; \`edit ${m.id} <your text>\` and \`discard ${m.id}\` work too). Nothing is sent to the guest until you do.`,
  ].join('\n\n');
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
