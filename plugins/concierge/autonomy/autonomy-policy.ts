// The owner's auto-send policy for one hosting workspace: which easy questions may go out alone, how sure, how often.
import { z } from 'zod';
import { AUTO_CATEGORIES, type AutoCategory } from './guest-categories.ts';

const autoCategory = z.enum(Object.keys(AUTO_CATEGORIES) as [AutoCategory, ...AutoCategory[]]);

/**
 * The policy as stored and as the admin UI edits it. Only the easy categories can be listed at all: refunds,
 * codes, date changes and the rest have no place in the schema, so no policy can let them through.
 */
export const autonomyPolicy = z
  .object({
    /** The one switch: off, every draft waits for the owner as before. */
    enabled: z.boolean().default(false).meta({ title: 'Answer easy questions on my behalf' }),
    /** Each allowed category with the confidence a reply needs before it goes out alone. */
    categories: z
      .array(
        z
          .object({
            category: autoCategory,
            threshold: z.number().min(0.5).max(1).default(0.8),
          })
          .strict(),
      )
      .max(Object.keys(AUTO_CATEGORIES).length)
      .refine((list) => new Set(list.map((c) => c.category)).size === list.length, {
        message: 'each category may be listed once',
      })
      .default([]),
    /** At most this many replies sent alone per reservation in 24 hours; 0 sends none. */
    dailyCap: z.number().int().min(0).max(20).default(3),
  })
  .strict();

export type AutonomyPolicy = z.infer<typeof autonomyPolicy>;

/** The policy a workspace has before the owner sets one: off. */
export const POLICY_OFF: AutonomyPolicy = { enabled: false, categories: [], dailyCap: 3 };

/** The approver an auto-send is applied as: only the autonomy gate ever builds it (see autonomy-gate.ts). */
export const AUTONOMY_APPROVER = Object.freeze({ userId: 'quorra-autonomy', role: 'owner' as const });

/** Whether an approval was made by the policy rather than a person. */
export function byAutonomy(by: { userId: string }): boolean {
  return by.userId === AUTONOMY_APPROVER.userId;
}
