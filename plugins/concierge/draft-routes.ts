// The owner's HTTP review surface: GET /drafts, POST /drafts/:id/send ({text?} edits), POST /drafts/:id/discard.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { ownerOf } from '../../core/auth/authenticate.ts';
import { body, params } from '../../core/http/validate.ts';
import type { DraftReview } from './draft-review.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const sendBody = z.object({ text: z.string().trim().min(1).max(8000).optional() }).strict();

/** Mounts the routes behind the core Bearer authentication (owner only). */
export function addDraftRoutes(router: Router, review: DraftReview, auth: Middleware): void {
  router.get('/drafts', auth, async (http) => {
    ownerOf(http);
    http.body = { drafts: await review.open() };
  });
  router.post('/drafts/:id/send', auth, async (http) => {
    const owner = ownerOf(http);
    const { id } = params(http, idParam);
    const { text } = body(http, sendBody);
    http.body = { draft: await review.send(id, owner, text) };
  });
  router.post('/drafts/:id/discard', auth, async (http) => {
    const owner = ownerOf(http);
    const { id } = params(http, idParam);
    http.body = { draft: await review.discard(id, owner) };
  });
}
