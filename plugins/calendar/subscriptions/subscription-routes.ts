// HTTP for the admin UI (owner only): list, add by address, upload an .ics, refresh, remove subscribed calendars.

import type { HttpCapability } from 'quorra/plugin';
import { fail } from 'quorra/plugin';
import { z } from 'zod';
import { FeedError, MAX_FEED_BYTES } from './feed-check.ts';
import { type SubscriptionService, subscriptionView } from './subscription-service.ts';

const name = z.string().trim().min(1, 'give the calendar a name, such as "Bins"').max(60);
const idParam = z.object({ id: z.uuid() });

/** A refusal as a 400 with the reason in words; anything else as it was. */
async function plainly<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof FeedError) throw fail.badRequest(err.message);
    throw err;
  }
}

export function addSubscriptionRoutes(http: HttpCapability, subs: SubscriptionService) {
  http.route({
    method: 'GET',
    path: '/subscriptions',
    auth: 'owner',
    summary: 'The read-only calendars the household follows, each with its last good copy and any problem',
    handler: async () => ({ subscriptions: (await subs.list()).map(subscriptionView) }),
  });
  http.route({
    method: 'POST',
    path: '/subscriptions',
    auth: 'owner',
    summary: 'Follow a calendar by its webcal:// or https:// address (fetched and checked now)',
    body: z.object({ name, url: z.string().trim().min(1).max(2000) }).strict(),
    handler: ({ principal, body }) =>
      plainly(async () => subscriptionView(await subs.addUrl(body.name, body.url, principal.userId))),
  });
  http.route({
    method: 'POST',
    path: '/subscriptions/upload',
    auth: 'owner',
    summary: 'Keep an uploaded .ics file as a read-only calendar',
    body: z
      .object({
        name,
        content: z
          .string()
          .min(1)
          .max(MAX_FEED_BYTES, `the file is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB`),
      })
      .strict(),
    handler: ({ principal, body }) =>
      plainly(async () => subscriptionView(await subs.addFile(body.name, body.content, principal.userId))),
  });
  http.route({
    method: 'POST',
    path: '/subscriptions/:id/refresh',
    auth: 'owner',
    summary: 'Fetch a followed calendar again now',
    params: idParam,
    async handler({ params }) {
      const sub = (await subs.list()).find((s) => s.id === params.id);
      if (!sub) throw fail.notFound('subscribed calendar');
      return subscriptionView(await subs.refresh(sub));
    },
  });
  http.route({
    method: 'DELETE',
    path: '/subscriptions/:id',
    auth: 'owner',
    summary: 'Stop following a calendar; its events go',
    params: idParam,
    async handler({ params }) {
      if (!(await subs.remove(params.id))) throw fail.notFound('subscribed calendar');
      return { removed: true };
    },
  });
}
