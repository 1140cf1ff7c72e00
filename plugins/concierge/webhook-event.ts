// The inbound PMS webhook body: a guest message event with its reservation, validated with zod.
import { z } from 'zod';

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}([T ][0-9:.+\-Z]*)?$/, 'an ISO date (YYYY-MM-DD)');

/** A guest message event as the PMS (or its adapter) posts it. */
export const guestMessageEvent = z.object({
  event: z.literal('guest_message'),
  account: z.string().min(1).max(200),
  reservation: z.object({
    id: z.string().min(1).max(200),
    guest_name: z.string().trim().min(1).max(200),
    check_in: date,
    check_out: date,
    property: z.string().trim().min(1).max(200).optional(),
    status: z.string().trim().min(1).max(40).optional(),
  }),
  message: z.object({
    id: z.string().min(1).max(200),
    text: z.string().trim().min(1).max(8000),
    sent_at: z.string().min(1).max(40),
  }),
});

export type GuestMessageEvent = z.infer<typeof guestMessageEvent>;
