// The concierge plugin's settings (config key `plugins.concierge.settings`), validated by the plugin host.
import { z } from 'zod';

/** The settings schema: the webhook secret, the PMS connection and which PMS account belongs to which workspace. */
export const conciergeSettings = z
  .object({
    /** Shared secret for the `X-Quorra-Signature` HMAC; without it the webhook answers 503. */
    webhookSecret: z.string().min(16).optional().meta({
      title: 'Webhook secret',
      description: 'The shared secret your booking system signs its messages with (at least 16 characters).',
    }),
    /** The PMS send-message API; without it owner sends fail with 503 PMS_NOT_CONFIGURED. */
    pms: z
      .object({
        baseUrl: z.url().meta({
          title: 'PMS address',
          description: 'The base address of your PMS’s messaging API, e.g. https://api.example-pms.com/v1.',
        }),
        apiKey: z
          .string()
          .min(1)
          .meta({ title: 'PMS API key', description: 'The key your PMS gave you for sending messages.' }),
      })
      .strict()
      .optional()
      .meta({
        title: 'Property-management system (PMS)',
        description: 'Where approved guest replies are sent: your PMS’s API address and key.',
        service: 'pms',
      }),
    /** Each PMS account maps to one hosting workspace (which must bind the `concierge` service). */
    accounts: z
      .array(
        z
          .object({
            account: z
              .string()
              .min(1)
              .max(200)
              .meta({ title: 'PMS account', description: 'The account name or id as your PMS sends it.' }),
            workspace: z
              .string()
              .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a workspace slug')
              .meta({
                title: 'Workspace',
                description: 'The workspace (its short name) that answers these guests.',
              }),
          })
          .strict(),
      )
      .default([])
      .meta({
        title: 'PMS accounts',
        description: 'Which workspace looks after the guests of each PMS account.',
      }),
    /** Attempts per send when the PMS answers 5xx/429 or is unreachable (1 = no retry). */
    sendAttempts: z.number().int().min(1).max(10).default(3).meta({
      title: 'Send attempts',
      description: 'How many times a reply is tried when the PMS is busy or down (1 = no retry).',
    }),
    /** Base delay between send attempts (doubled each time). */
    retryDelayMs: z.number().int().min(0).max(60_000).default(500).meta({
      title: 'Wait between attempts (ms)',
      description: 'The first pause between attempts; it doubles each time.',
    }),
    /** Per-request timeout for the PMS. */
    pmsTimeoutMs: z.number().int().min(100).max(120_000).default(10_000).meta({
      title: 'Wait for the PMS (ms)',
      description: 'How long to wait for the PMS before giving up on one attempt.',
    }),
  })
  .strict();

export type ConciergeSettings = z.infer<typeof conciergeSettings>;
