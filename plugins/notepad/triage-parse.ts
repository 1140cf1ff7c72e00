// Reads the triage model's answer tolerantly (fences, prose) and validates each jot's outcome with zod; bad items are dropped, not fatal.

import { findJson } from 'quorra/plugin';
import { z } from 'zod';
import { checkPayload } from './action-kinds.ts';

/** One jot's outcome as the model gave it, payloads already checked against their kinds. */
export type TriageResult =
  | { jot: number; outcome: 'propose'; actions: { kind: string; payload: Record<string, unknown> }[] }
  | { jot: number; outcome: 'ask'; question: string }
  | { jot: number; outcome: 'no_action'; note: string };

const item = z.discriminatedUnion('outcome', [
  z.object({
    jot: z.coerce.number().int(),
    outcome: z.literal('propose'),
    actions: z
      .array(z.object({ kind: z.string(), payload: z.record(z.string(), z.unknown()) }))
      .min(1)
      .max(10),
  }),
  z.object({
    jot: z.coerce.number().int(),
    outcome: z.literal('ask'),
    question: z.string().trim().min(3).max(500),
  }),
  z.object({
    jot: z.coerce.number().int(),
    outcome: z.literal('no_action'),
    note: z.string().trim().max(500).default(''),
  }),
]);

/** The answer held no readable results at all: the batch is retried once, then left captured. */
export class MalformedTriage extends Error {}

/** Parses a reply; results for jots not in `asked` and proposals whose every action is invalid are dropped. */
export function parseTriage(reply: string | null | undefined, asked: Set<number>): TriageResult[] {
  let value: unknown;
  try {
    value = findJson(reply ?? '');
  } catch {
    throw new MalformedTriage('the reply holds no JSON');
  }
  const list = Array.isArray(value) ? value : (value as { results?: unknown })?.results;
  if (!Array.isArray(list)) throw new MalformedTriage('the reply has no results list');
  const out: TriageResult[] = [];
  const seen = new Set<number>();
  for (const raw of list) {
    const parsed = item.safeParse(raw);
    if (!parsed.success || !asked.has(parsed.data.jot) || seen.has(parsed.data.jot)) continue;
    const r = parsed.data;
    if (r.outcome === 'propose') {
      const actions = r.actions.flatMap((a) => {
        const c = checkPayload(a.kind, a.payload);
        return c.ok ? [{ kind: c.kind, payload: c.payload }] : [];
      });
      if (!actions.length) continue;
      out.push({ jot: r.jot, outcome: 'propose', actions });
    } else out.push(r);
    seen.add(r.jot);
  }
  return out;
}
