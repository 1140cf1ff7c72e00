// What the owner browses in Dream's admin page: switches for every workspace, retired notes and contradictions, paged.
import { z } from 'zod';
import { defineRoute } from '../contracts/route-definition.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import type { DreamService } from './dream-service.ts';
import { PERSONAL } from './dream-slice.ts';
import { flagsWire, retiredWire, reviewWire } from './dream-status.ts';
import { retiredListSchema, reviewListSchema, settingsListSchema } from './dream-wire.ts';

/** The deps the browsing routes read. */
export interface DreamBrowseDeps {
  dream: DreamService;
  workspaces: Pick<WorkspaceStore, 'list'>;
}

const page = {
  limit: z.coerce.number().int().min(1).max(100).default(20),
  before_id: z.coerce.number().int().positive().optional(),
};

const reviewStates = {
  open: ['open'],
  resolved: ['accepted', 'reverted'],
  all: ['open', 'accepted', 'reverted'],
};

/** The next page's `before_id`, or null when this page was the last. */
const nextBefore = (rows: { id: number }[], limit: number) =>
  rows.length === limit ? rows[rows.length - 1].id : null;

/** Dream's owner-only listing endpoints. */
export function dreamBrowseRoutes(deps: DreamBrowseDeps) {
  return [
    defineRoute({
      method: 'GET',
      path: '/brain/dream/settings',
      auth: 'owner',
      summary: 'Dream’s switches for personal and every workspace, with where each value comes from',
      response: settingsListSchema,
      handler: async () => {
        const known = await deps.workspaces.list();
        const names = new Map(known.map((w) => [w.slug, w.name]));
        const extra = (await deps.dream.allFlags()).map((f) => f.workspace);
        const keys = [...new Set([PERSONAL, ...known.map((w) => w.slug), ...extra])];
        const flags = await Promise.all(keys.map((k) => deps.dream.flags(k)));
        return {
          workspaces: flags.map((f) => ({
            ...flagsWire(f),
            name: f.workspace === PERSONAL ? 'Personal' : (names.get(f.workspace) ?? f.workspace),
          })),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/brain/dream/retired-notes',
      auth: 'owner',
      summary: 'Notes Dream gave up on, with the reason, newest first (paged by before_id)',
      query: z.strictObject(page),
      response: retiredListSchema,
      handler: async ({ query }) => {
        const retries = deps.dream.runner.retries;
        const notes = await retries.retired(query.limit, undefined, query.before_id);
        return {
          notes: notes.map(retiredWire),
          total: await retries.retiredCount(),
          next_before_id: nextBefore(notes, query.limit),
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/brain/dream/reviews',
      auth: 'owner',
      summary: 'Contradictions Dream kept (open, resolved or all), newest first (paged by before_id)',
      query: z.strictObject({ ...page, status: z.enum(['open', 'resolved', 'all']).default('open') }),
      response: reviewListSchema,
      handler: async ({ query }) => {
        const reconciler = deps.dream.runner.reconciler;
        const reviews = await reconciler.reviews({
          statuses: reviewStates[query.status],
          limit: query.limit,
          beforeId: query.before_id,
        });
        return {
          reviews: reviews.map(reviewWire),
          counts: await reconciler.reviewCounts(),
          next_before_id: nextBefore(reviews, query.limit),
        };
      },
    }),
  ];
}
