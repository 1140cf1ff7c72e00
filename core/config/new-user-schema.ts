// What a new household user must look like, wherever one is created (CLI, config seed, API).
import { z } from 'zod';
import { safeLabel } from '../text/safe-text-schema.ts';

const matrixId = z.string().regex(/^@[^:\s]+:\S+$/, 'a Matrix ID like @name:server');
const timezone = z
  .string()
  .refine((tz) => Intl.supportedValuesOf('timeZone').includes(tz) || tz === 'UTC', 'a valid IANA time zone');

const childTools = z
  .array(z.string().regex(/^[a-z][a-z0-9_.]{0,63}$/, 'a tool name'))
  .max(100)
  .transform((t) => [...new Set(t)]);

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time like 21:00');

/** Input for a new user, validated at every boundary that creates one (CLI, config, API). */
export const newUserSchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,63}$/)
      .optional(),
    name: safeLabel({ min: 1, max: 200, empty: 'a user needs a visible name' }),
    role: z.enum(['owner', 'member']),
    matrix: z.array(matrixId).default([]),
    email: z.email().optional(),
    locale: z.string().min(2).max(32).default('en'),
    /** Without one, the household's time zone (see UserStore.add), never UTC silently. */
    timezone: timezone.optional(),
    child: z.boolean().default(false),
    childTools: childTools.optional(),
    quietStart: clock.nullable().optional(),
    quietEnd: clock.nullable().optional(),
    quietReply: z.boolean().default(false),
  })
  .strict();

export type NewUser = z.input<typeof newUserSchema>;

/** A change to an existing user: only the fields given change (no defaults here, so nothing is reset); the id never changes. */
export const userEditSchema = z
  .object({
    name: safeLabel({ min: 1, max: 200, empty: 'a user needs a visible name' }).optional(),
    role: z.enum(['owner', 'member']).optional(),
    matrix: z.array(matrixId).max(10).optional(),
    email: z.email().nullable().optional(),
    locale: z.string().min(2).max(32).optional(),
    timezone: timezone.optional(),
    child: z.boolean().optional(),
    /** null goes back to the household's default list. */
    childTools: childTools.nullable().optional(),
    quietStart: clock.nullable().optional(),
    quietEnd: clock.nullable().optional(),
    quietReply: z.boolean().optional(),
  })
  .strict();

export type UserEdit = z.input<typeof userEditSchema>;
