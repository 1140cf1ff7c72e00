// The JSON Schema of an extraction answer, for backends that generate under a grammar (the embedded model).
import { stabilityTiers } from '../memory/memory-input.ts';
import { claimKinds } from './claim-parse.ts';

/**
 * An array of claims shaped like claimSchema; the grammar guarantees the shape, claimSchema still judges
 * each claim (lengths, confidence range), so a small model's answer fails per claim, never as a whole.
 */
export const claimsResponseFormat = {
  type: 'json_schema' as const,
  json_schema: {
    name: 'claims',
    schema: {
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
    },
  },
};
