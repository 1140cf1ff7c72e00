// memory_save (tier 1) and memory_recall (tier 0): the model's way into memory, always under the turn's seal.
import { z } from 'zod';
import { defineTool } from '../contracts/define-tool.ts';
import { sealFor } from '../contracts/principal.ts';
import { importances, memoryKinds, tagsSchema } from './memory-input.ts';
import type { MemoryStore } from './memory-store.ts';

const saveInput = z
  .object({
    content: z.string().trim().min(1).max(2000).describe('one standalone sentence'),
    kind: z.enum(memoryKinds).optional(),
    importance: z.enum(importances).optional().describe('core: in every conversation'),
    tags: z.array(z.string()).max(20).optional(),
    household: z.boolean().optional().describe('about the household, not the speaker'),
    expires_at: z.string().optional().describe('when it stops holding'),
    surface_once: z.boolean().optional().describe('mention at the next briefing, then forget'),
    supersedes: z.string().trim().min(2).max(100).optional().describe('a word of the memory it replaces'),
  })
  .strict();

/** Builds memory_save over the store. */
export function memorySave(store: MemoryStore) {
  return defineTool({
    name: 'memory_save',
    description:
      'Remember a lasting fact, preference or decision; if an old one might still hold too, ask first.',
    examples: [
      'remember that my son is allergic to peanuts',
      'keep in mind we sold the old car',
      'note that the gate code changed',
      'merk dir: Oma hat im Mai Geburtstag',
      'souviens-toi que mon frère est végétarien',
    ],
    tier: 1,
    scopes: ['*'],
    input: saveInput,
    audience: 'household',
    async run(input, ctx) {
      const { principal } = ctx;
      const seal = sealFor(principal, ctx.workspace ?? null);
      let archived = 0;
      if (input.supersedes) {
        const needle = input.supersedes.toLowerCase();
        const matches = (await store.recall(seal, { text: input.supersedes, limit: 20 })).filter((m) =>
          m.memory.content.toLowerCase().includes(needle),
        );
        // archive, never delete: the owner can restore what the model over-superseded
        for (const m of matches) if (await store.archiveSealed(seal, m.memory.id)) archived++;
      }
      const memory = await store.create(
        {
          content: input.content,
          kind: input.kind,
          importance: input.importance,
          tags: tagsSchema.parse(input.tags ?? []),
          expiresAt: input.expires_at ?? null,
          surfaceOnce: input.surface_once ?? false,
        },
        {
          ownerUserId: input.household ? null : seal.userId,
          workspace: seal.workspace,
          provenance: 'user_stated',
        },
      );
      return { saved: memory.id, importance: memory.importance, superseded: archived };
    },
  });
}

/** Builds memory_recall over the store. */
export function memoryRecall(store: MemoryStore) {
  return defineTool({
    name: 'memory_recall',
    description: 'Look up what you were told before.',
    examples: [
      'what do you know about our neighbours',
      'what did I tell you about the boiler, do you remember',
      'what was the name of the babysitter',
      'qué sabes de la abuela',
    ],
    tier: 0,
    scopes: ['*'],
    input: z
      .object({
        topic: z.string().trim().max(200).optional(),
        tags: z.array(z.string()).max(10).optional(),
        limit: z.number().int().min(1).max(20).optional(),
      })
      .strict()
      .refine((q) => q.topic || q.tags?.length, 'give a topic or tags'),
    audience: 'household',
    async run(q, ctx) {
      const seal = sealFor(ctx.principal, ctx.workspace ?? null);
      const hits = await store.recall(seal, { text: q.topic, tags: q.tags, limit: q.limit ?? 8 });
      const contextual = hits.filter((h) => h.memory.importance === 'contextual');
      await store.markReferenced(contextual.map((h) => h.memory.id));
      return {
        memories: contextual.map((h) => ({
          id: h.memory.id,
          content: h.memory.content,
          tags: h.memory.tags,
          kind: h.memory.kind,
        })),
      };
    },
  });
}
