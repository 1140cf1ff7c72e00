// The concierge plugin's settings (config key `plugins.concierge.settings`), validated by the plugin host.
import { z } from 'zod';

/** The settings schema: the webhook secret, the PMS connection and which PMS account belongs to which workspace. */
export const conciergeSettings = z
  .object({
    /** Shared secret for the `X-Quorra-Signature` HMAC; without it the webhook answers 503. */
    webhookSecret: z.string().min(16).optional(),
    /** The PMS send-message API; without it owner sends fail with 503 PMS_NOT_CONFIGURED. */
    pms: z
      .object({ baseUrl: z.url(), apiKey: z.string().min(1) })
      .strict()
      .optional(),
    /** Each PMS account maps to one hosting workspace (which must bind the `concierge` service). */
    accounts: z
      .array(
        z
          .object({
            account: z.string().min(1).max(200),
            workspace: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a workspace slug'),
          })
          .strict(),
      )
      .default([]),
    /** Attempts per send when the PMS answers 5xx/429 or is unreachable (1 = no retry). */
    sendAttempts: z.number().int().min(1).max(10).default(3),
    /** Base delay between send attempts (doubled each time). */
    retryDelayMs: z.number().int().min(0).max(60_000).default(500),
    /** Per-request timeout for the PMS. */
    pmsTimeoutMs: z.number().int().min(100).max(120_000).default(10_000),
  })
  .strict();

export type ConciergeSettings = z.infer<typeof conciergeSettings>;
