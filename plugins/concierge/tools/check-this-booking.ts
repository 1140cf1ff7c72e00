// check_this_booking: the guest's own reservation (dates, property, status) — only ever the principal's own.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { ConciergeStore } from '../concierge-store.ts';

/** Builds the tool over the store; it takes no input, so it cannot be pointed at another booking. */
export function checkThisBooking(store: ConciergeStore) {
  return defineTool({
    name: 'check_this_booking',
    description:
      'Look up this guest’s own booking: check-in and check-out dates, the property and the status.',
    examples: [
      'when is my check-in',
      'what dates is my booking',
      'is my reservation confirmed',
      'when do I have to check out',
    ],
    tier: 0,
    scopes: ['concierge'],
    input: z.object({}).strict(),
    audience: 'guest',
    async run(_input, ctx) {
      const p = ctx.principal;
      const r = await store.reservation(p.reservationId);
      if (!r || r.workspace !== p.workspace) return { found: false };
      return {
        found: true,
        guest_name: r.guestName,
        check_in: r.checkIn,
        check_out: r.checkOut,
        property: r.property,
        status: r.status,
      };
    },
  });
}
