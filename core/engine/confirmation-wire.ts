// A pending tier-2 confirmation as the HTTP surfaces show it (/confirmations and the approvals list).
import { z } from 'zod';
import { wireTime } from '../contracts/wire-schemas.ts';
import type { Confirmation } from './confirmation.entity.ts';

/** A pending tier-2 confirmation on the wire. */
export const confirmationSchema = z.strictObject({
  id: z.string(),
  session_id: z.string(),
  tool: z.string(),
  description: z.string(),
  created_at: wireTime,
  expires_at: wireTime,
});

/** The JSON shape of a pending tier-2 confirmation. */
export function confirmationWire(p: Confirmation): z.output<typeof confirmationSchema> {
  return {
    id: p.id,
    session_id: p.sessionId,
    tool: p.toolName,
    description: p.description,
    created_at: p.createdAt,
    expires_at: p.expiresAt,
  };
}
