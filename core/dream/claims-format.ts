// The JSON Schema of an extraction answer, for backends that generate under a grammar (the embedded model).
import { stabilityTiers } from '../memory/memory-input.ts';
import { claimKinds } from './claim-parse.ts';

/**
 * An array of claims shaped like claimSchema; the grammar guarantees the shape, claimSchema still judges
 * each claim (lengths, confidence range), so a small model's answer fails per claim, never as a whole.
 */
const claimsSchema = {
  type: 'array',
  maxItems: 20,
  items: {
    type: 'object',
    properties: {
      kind: { enum: [...claimKinds] },
      content: { type: 'string' },
      confidence: { type: 'number' },
      importance: { enum: ['core', 'contextual'] },
      stability: { enum: [...stabilityTiers] },
      subject: { type: ['string', 'null'] },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 10 },
      quote: { type: 'string' },
    },
    required: ['kind', 'content', 'confidence', 'importance', 'quote'],
    additionalProperties: false,
  },
};

export const claimsResponseFormat = {
  type: 'json_schema' as const,
  json_schema: {
    name: 'claims',
    schema: claimsSchema,
  },
};

/** A batch answer: one entry per note, by its number, each with that note's claims. */
export const batchResponseFormat = {
  type: 'json_schema' as const,
  json_schema: {
    name: 'notes',
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: { note: { type: 'integer' }, beliefs: claimsSchema },
        required: ['note', 'beliefs'],
        additionalProperties: false,
      },
    },
  },
};
