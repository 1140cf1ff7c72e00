// The inbound PMS webhook body: a guest message event with its reservation, validated with zod.

import { safeLabel, safeText } from 'quorra/plugin';
import { z } from 'zod';

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** The instant an ISO date or datetime names, or undefined when it is not a real one (2026-13-45, 25:99). */
export function isoInstant(s: string): number | undefined {
  const m = ISO.exec(s);
  if (!m) return undefined;
  const [y, mo, d, h = '0', mi = '0', sec = '0', zone] = m.slice(1);
  const [Y, M, D, H, MI, S] = [y, mo, d, h, mi, sec].map(Number);
  const day = new Date(Date.UTC(Y, M - 1, D));
  if (day.getUTCFullYear() !== Y || day.getUTCMonth() !== M - 1 || day.getUTCDate() !== D) return undefined;
  if (H > 23 || MI > 59 || S > 59) return undefined;
  if (zone && zone !== 'Z') {
    const [zh, zm] = zone.slice(1).split(':').map(Number);
    if (zh > 14 || zm > 59) return undefined;
  }
  const two = (n: string) => n.padStart(2, '0');
  return Date.parse(`${y}-${mo}-${d}T${two(h)}:${two(mi)}:${two(sec)}${zone ?? 'Z'}`);
}

const date = z
  .string()
  .max(40)
  .refine((s) => isoInstant(s) !== undefined, 'a real calendar date (YYYY-MM-DD, optionally with a time)');

const id = z.string().min(1).max(200);

/** A guest message event as the PMS (or its adapter) posts it. */
export const guestMessageEvent = z.object({
  event: z.literal('guest_message'),
  account: id,
  reservation: z
    .object({
      id,
      guest_name: safeLabel({ min: 1, max: 200 }),
      check_in: date,
      check_out: date,
      property: safeLabel({ min: 1, max: 200 }).optional(),
      status: safeLabel({ min: 1, max: 40 }).optional(),
    })
    .superRefine((r, ctx) => {
      const [a, b] = [isoInstant(r.check_in), isoInstant(r.check_out)];
      if (a !== undefined && b !== undefined && b <= a)
        ctx.addIssue({ code: 'custom', path: ['check_out'], message: 'check_out must be after check_in' });
    }),
  message: z.object({
    id,
    text: safeText({ min: 1, max: 8000 }),
    sent_at: date,
  }),
});

export type GuestMessageEvent = z.infer<typeof guestMessageEvent>;
