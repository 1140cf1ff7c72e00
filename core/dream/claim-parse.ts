// Reads the extraction model's answer tolerantly (fences, prose, think spans) and validates each claim with zod.
import { z } from 'zod';
import { MAX_CONTENT_CHARS, stabilityTiers, tagSchema } from '../memory/memory-input.ts';
import { tokens } from '../text/jaccard.ts';

/** The belief kinds extraction may produce (episodic memories come from elsewhere). */
export const claimKinds = ['fact', 'preference', 'decision', 'entity', 'constraint', 'observation'] as const;
export type ClaimKind = (typeof claimKinds)[number];

/** The answer was not a JSON array of claims at all: a note-level failure, retried in a later run. */
export class MalformedReply extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedReply';
  }
}

const lower = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

/** A subject normalised to its folded words, so "Max's car" and "max car" key the same contradictions. */
export function normaliseSubject(subject: string): string {
  return [...new Set(tokens(subject))].join(' ').slice(0, 200);
}

/** Strips one pair of wrapping quote marks a model sometimes adds around a quote. */
function unwrapQuote(q: string): string {
  const t = q.trim();
  const m = /^(["'“‘«])([\s\S]*)(["'”’»])$/u.exec(t);
  return m && m[2].trim().length > 0 ? m[2].trim() : t;
}

/** One extracted claim, validated; unknown extra keys are ignored. */
export const claimSchema = z.object({
  kind: z.preprocess(lower, z.enum(claimKinds)),
  content: z.string().trim().min(3).max(MAX_CONTENT_CHARS),
  // models write 85 for 0.85 now and then; anything else outside 0..1 is refused
  confidence: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z
      .number()
      .min(0)
      .max(100)
      .transform((n) => (n > 1 ? n / 100 : n)),
  ),
  importance: z.preprocess(
    (v) => (lower(v) === 'core' ? 'core' : 'contextual'),
    z.enum(['core', 'contextual']),
  ),
  stability: z.preprocess(lower, z.enum(stabilityTiers).optional().catch(undefined)),
  subject: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((s) => (s ? normaliseSubject(s) || undefined : undefined)),
  tags: z
    .array(z.unknown())
    .nullish()
    .transform((list) =>
      [...new Set((list ?? []).flatMap((t) => tagSchema.safeParse(t).data ?? []))].slice(0, 10),
    ),
  quote: z.string().max(MAX_CONTENT_CHARS).transform(unwrapQuote).pipe(z.string().min(1)),
});
export type Claim = z.output<typeof claimSchema>;

/** Finds the first balanced JSON array or object starting at `open`, aware of strings and escapes. */
function balancedFrom(text: string, start: number): string | undefined {
  const open = text[start];
  const close = open === '[' ? ']' : '}';
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/** The JSON value in a reply: whole, inside a code fence, or the first balanced array/object amid prose. */
export function findJson(reply: string): unknown {
  const text = reply.replace(/<think>[\s\S]*?(<\/think>|$)/gi, '').trim();
  const fenced = [...text.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)```/g)].map((m) => m[1].trim());
  for (const candidate of [text, ...fenced]) {
    try {
      return JSON.parse(candidate);
    } catch {
      // try the next reading
    }
  }
  for (const opener of ['[', '{']) {
    for (let at = text.indexOf(opener); at >= 0; at = text.indexOf(opener, at + 1)) {
      const slice = balancedFrom(text, at);
      if (!slice) continue;
      try {
        return JSON.parse(slice);
      } catch {
        // keep scanning
      }
    }
  }
  throw new MalformedReply('the reply holds no JSON array of beliefs');
}

/** Validates a list of claim items; throws MalformedReply when there are items and none of them is valid. */
export function parseClaimItems(items: unknown[]): { claims: Claim[]; invalid: number } {
  const claims: Claim[] = [];
  let invalid = 0;
  for (const item of items) {
    const parsed = claimSchema.safeParse(item);
    if (parsed.success) claims.push(parsed.data);
    else invalid++;
  }
  // an answer of nothing but unusable items is a broken answer, not "nothing worth remembering"
  if (items.length > 0 && claims.length === 0)
    throw new MalformedReply(`none of ${items.length} items is valid`);
  return { claims, invalid };
}

/** Parses a reply into valid claims plus how many items were invalid; throws MalformedReply when unreadable. */
export function parseClaims(reply: string | null | undefined): { claims: Claim[]; invalid: number } {
  if (typeof reply !== 'string' || reply.trim() === '') throw new MalformedReply('the reply is empty');
  const value = findJson(reply);
  let items: unknown[];
  if (Array.isArray(value)) items = value;
  else if (value && typeof value === 'object') {
    const inner = ['beliefs', 'claims', 'items', 'facts'].map((k) => (value as Record<string, unknown>)[k]);
    const list = inner.find(Array.isArray) as unknown[] | undefined;
    items = list ?? [value];
  } else throw new MalformedReply('the reply is JSON but not an array of beliefs');
  return parseClaimItems(items);
}
