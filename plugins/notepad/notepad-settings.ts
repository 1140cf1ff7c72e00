// The notepad's settings: when the nightly triage and the morning summary run, household-local.
import { z } from 'zod';

const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time as HH:MM');

export const notepadSettings = z
  .object({
    /** Household-local time of the nightly triage. */
    triageTime: clock.default('03:30').meta({
      title: 'Nightly tidy-up',
      description: 'When Quorra sorts the day’s jots (household time, HH:MM).',
    }),
    /** Household-local time of the morning summary message. */
    summaryTime: clock
      .default('07:30')
      .meta({ title: 'Morning summary', description: 'When the morning summary is sent (HH:MM).' }),
    /** The household's time zone (default: the first owner's). */
    timezone: z
      .string()
      .optional()
      .meta({ title: 'Time zone', description: 'The household’s time zone; leave empty for the owner’s.' }),
    /** At most this many jots go to the model in one pass; the rest roll over. */
    maxBatch: z.number().int().min(1).max(200).default(40).meta({
      title: 'Jots per pass',
      description: 'At most this many jots are sorted at once; the rest wait for the next pass.',
    }),
  })
  .strict();

export type NotepadSettings = z.infer<typeof notepadSettings>;
