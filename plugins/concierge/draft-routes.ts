// The owner's HTTP review surface: GET /drafts, POST /drafts/:id/send ({text?} edits), POST /drafts/:id/discard.
import { z } from 'zod';
import { defineRoute } from '../../core/plugin/route-definition.ts';
import type { DraftReview } from './draft-review.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const sendBody = z.object({ text: z.string().trim().min(1).max(8000).optional() }).strict();

/** The owner-only review routes. */
export function draftRoutes(review: DraftReview) {
  return [
    defineRoute({
      method: 'GET',
      path: '/drafts',
      auth: 'owner',
      summary: 'Open guest drafts, oldest first',
      handler: async () => ({ drafts: await review.open() }),
    }),
    defineRoute({
      method: 'POST',
      path: '/drafts/:id/send',
      auth: 'owner',
      summary: 'Send a draft (or your own text) to the guest through the PMS',
      params: idParam,
      body: sendBody,
      handler: async ({ principal, params, body }) => ({
        draft: await review.send(params.id, principal, body.text),
      }),
    }),
    defineRoute({
      method: 'POST',
      path: '/drafts/:id/discard',
      auth: 'owner',
      summary: 'Discard a draft; nothing is sent',
      params: idParam,
      handler: async ({ principal, params }) => ({ draft: await review.discard(params.id, principal) }),
    }),
  ];
}
