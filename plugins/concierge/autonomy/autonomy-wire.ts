// The auto-send policy's reply on the wire: one schema for the route and, as a type, for the admin UI.
import { wireTime } from 'quorra/plugin';
import { z } from 'zod';
import { autonomyPolicy } from './autonomy-policy.ts';

const named = z.object({ id: z.string(), name: z.string() }).strict();

export const policyView = z
  .object({
    workspace: z.string(),
    policy: autonomyPolicy,
    /** The categories a policy may list, with their names for people. */
    categories: z.array(named),
    /** The categories that always wait for the owner (shown so the owner knows they exist). */
    never: z.array(named),
    recent: z.array(
      z
        .object({
          message: z.number().int(),
          outcome: z.enum(['sent', 'review']),
          category: z.string().nullable(),
          confidence: z.number().nullable(),
          reasons: z.array(z.string()),
          sources: z.array(z.string()),
          decided_at: wireTime,
        })
        .strict(),
    ),
  })
  .strict();

/** The reply as JSON carries it (dates as ISO strings). */
export type AutonomyView = z.input<typeof policyView>;

/** What the admin UI sends to save a policy. */
export type AutonomyPolicyInput = z.input<typeof autonomyPolicy>;
