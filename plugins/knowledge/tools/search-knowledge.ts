// The search_knowledge tool: semantic search over the collections the turn is entitled to.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { KnowledgeApi } from '../knowledge-service.ts';
import { collectionsFor } from './knowledge-collections.ts';

/** Builds search_knowledge over the plugin's API. */
export function searchKnowledge(api: KnowledgeApi) {
  return defineTool({
    name: 'search_knowledge',
    description: "Search the household's documents: notes, manuals, recipes, guides.",
    examples: [
      'how do I reset the boiler',
      'what is the recipe for pancakes',
      'where is the manual for the dishwasher, our notes',
      'wie geht die Waschmaschine',
    ],
    tier: 0,
    scopes: ['general', 'knowledge', 'concierge'],
    audience: ['household', 'guest'],
    input: z
      .object({ query: z.string().trim().min(2).max(500), limit: z.number().int().min(1).max(10).optional() })
      .strict(),
    async run({ query, limit }, ctx) {
      const collections = collectionsFor(ctx.principal, ctx.workspace ?? null);
      if (!collections.length) return { results: [] };
      const hits = await api.search(collections, query, limit ?? 5);
      const guest = ctx.principal?.kind === 'reservation';
      return {
        results: hits.map((h) => ({
          title: h.title ?? h.path.split('/').at(-1),
          section: h.headings.join(' › ') || undefined,
          // a guest learns nothing about how the owner's vault is organised
          ...(guest ? {} : { path: h.path, lines: `${h.lineStart}-${h.lineEnd}` }),
          text: h.text,
          score: Math.round(h.score * 1000) / 1000,
        })),
      };
    },
  });
}
