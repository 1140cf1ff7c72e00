// The family plugin's settings: which tools a child may not even ask a parent for.
import { z } from 'zod';

export const familySettings = z
  .object({
    /** Tool names a child hears "no" for at once, instead of a request to the parents. */
    noAsking: z
      .array(z.string().regex(/^[a-z][a-z0-9_.]{0,63}$/, 'a tool name like reminder_set'))
      .max(200)
      .default([])
      .meta({
        title: 'Things a child may not ask for',
        description:
          'Tools a child is told "no" for straight away, without asking a parent (for example reminder_set).',
      }),
  })
  .strict();

export type FamilySettings = z.infer<typeof familySettings>;
