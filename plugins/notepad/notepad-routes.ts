// The notepad over HTTP: capture and list jots, triage now, what waits on the person, and answering triage's questions.

import { type HttpCapability, withStatus } from 'quorra/plugin';
import { z } from 'zod';
import type { NotepadService } from './notepad-service.ts';

const idParam = z.object({ id: z.coerce.number().int().positive() });
const remember = z.string().trim().max(500).optional();

/** Registers the notepad's routes under /plugins/notepad. */
export function addNotepadRoutes(http: HttpCapability, service: NotepadService): void {
  http.route({
    method: 'POST',
    path: '/items',
    auth: 'member',
    summary: 'Capture a jot (idempotent per client_id)',
    body: z
      .object({ text: z.string().trim().min(1).max(4000), client_id: z.string().trim().min(1).max(200) })
      .strict(),
    async handler({ principal, body }) {
      const { jot, created } = await service.capture(principal.userId, body.text, body.client_id, 'http');
      return withStatus(created ? 201 : 200, { id: jot.id, state: jot.state, created });
    },
  });
  http.route({
    method: 'GET',
    path: '/items',
    auth: 'member',
    summary: "The caller's jots with their state",
    async handler({ principal }) {
      const jots = await service.jots.list(principal.userId);
      return {
        items: jots.map((j) => ({
          id: j.id,
          text: j.text,
          state: j.state,
          note: j.note,
          created_at: j.createdAt,
        })),
      };
    },
  });
  http.route({
    method: 'POST',
    path: '/triage-now',
    auth: 'member',
    summary: "Triage the caller's captured jots now",
    handler: ({ principal }) => service.triageNow(principal.userId),
  });
  http.route({
    method: 'GET',
    path: '/review',
    auth: 'member',
    summary:
      'What waits on the caller from the notepad: open proposals (answered at /approvals) and questions',
    handler: async ({ principal }) => ({ items: await service.review(principal.userId) }),
  });
  http.route({
    method: 'POST',
    path: '/questions/:id/dismiss',
    auth: 'member',
    summary: 'Dismiss a question: the jot needs nothing',
    params: idParam,
    handler: ({ principal, params }) => service.dismissQuestion(principal.userId, params.id),
  });
  http.route({
    method: 'POST',
    path: '/questions/:id/answer',
    auth: 'member',
    summary: "Answer triage's question about a jot: that jot is triaged again at once",
    params: idParam,
    body: z.object({ answer: z.string().trim().min(1).max(2000), remember }).strict(),
    handler: ({ principal, params, body }) => service.answer(principal.userId, params.id, body.answer, body),
  });
}
