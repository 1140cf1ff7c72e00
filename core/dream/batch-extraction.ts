// Extracts claims from several short notes in one model call and gives each note back its own claims.
import type { Note } from '../memory/note.entity.ts';
import { type Claim, findJson, MalformedReply, parseClaimItems } from './claim-parse.ts';
import { batchResponseFormat } from './claims-format.ts';
import {
  askModel,
  type ChatModel,
  type Extraction,
  ExtractionFailure,
  extractionMessage,
} from './extraction.ts';

/** How notes are grouped into one extraction call. */
export interface BatchLimits {
  /** Estimated tokens of note text one call may carry; 0 turns batching off. */
  budgetTokens: number;
  /** Notes in one call at most, so one answer stays short enough to come back whole. */
  maxNotes: number;
}

type BatchNote = Pick<Note, 'id' | 'text' | 'sourceKind' | 'occurredAt'>;

/** A rough token count (about four characters a token in English), plus the note's framing. */
export function estimateTokens(note: Pick<Note, 'text'>): number {
  return Math.ceil(note.text.length / 4) + 24;
}

/**
 * Splits notes, in order, into extraction groups: consecutive short notes share a call up to the token budget and
 * the note cap; a note that would take more than half the budget goes alone, as it always did.
 */
export function planGroups<N extends Pick<Note, 'text'>>(notes: N[], limits: BatchLimits): N[][] {
  const groups: N[][] = [];
  let current: N[] = [];
  let tokens = 0;
  for (const note of notes) {
    const size = estimateTokens(note);
    const alone = limits.budgetTokens <= 0 || size * 2 > limits.budgetTokens;
    if (
      current.length > 0 &&
      (alone || tokens + size > limits.budgetTokens || current.length >= limits.maxNotes)
    ) {
      groups.push(current);
      current = [];
      tokens = 0;
    }
    if (alone) groups.push([note]);
    else {
      current.push(note);
      tokens += size;
    }
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** The user message for a batch: each note numbered from 1 and fenced like a single note. */
export function batchMessage(notes: BatchNote[]): string {
  return notes.map((n, i) => extractionMessage(n).replace(/^<note>$/m, `<note n="${i + 1}">`)).join('\n\n');
}

/**
 * Reads a batch answer: `[{"note": n, "beliefs": [...]}, ...]` (or that list under "notes"). A note whose entry is
 * missing, repeated, or holds only invalid claims gets no result, so the caller extracts it again on its own;
 * throws MalformedReply when the answer is not such a list at all.
 */
export function parseBatchReply(reply: string | null | undefined, count: number): Map<number, Extraction> {
  if (typeof reply !== 'string' || reply.trim() === '') throw new MalformedReply('the reply is empty');
  const value = findJson(reply);
  const list = Array.isArray(value) ? value : (value as { notes?: unknown } | null)?.notes;
  if (!Array.isArray(list)) throw new MalformedReply('the reply is not a list of notes');
  const seen = new Map<number, unknown[]>();
  const repeated = new Set<number>();
  for (const entry of list) {
    const n = Number((entry as { note?: unknown } | null)?.note);
    const beliefs = (entry as { beliefs?: unknown } | null)?.beliefs;
    if (!Number.isInteger(n) || n < 1 || n > count || !Array.isArray(beliefs)) continue;
    if (seen.has(n)) repeated.add(n);
    seen.set(n, beliefs);
  }
  const out = new Map<number, Extraction>();
  for (const [n, items] of seen) {
    if (repeated.has(n)) continue;
    try {
      out.set(n, parseClaimItems(items));
    } catch (err) {
      if (!(err instanceof MalformedReply)) throw err;
    }
  }
  return out;
}

/**
 * One call for a group of notes. Returns each answered note's claims by note id; a note left out of the result
 * must be extracted alone. A failed call (timeout, refusal, unreadable answer) leaves every note out rather than
 * counting against them; InfrastructureFailure propagates as for a single note.
 */
export async function extractBatch(
  model: ChatModel,
  prompt: string,
  notes: BatchNote[],
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<Map<number, { claims: Claim[]; invalid: number }>> {
  const byId = new Map<number, Extraction>();
  let reply: string | null | undefined;
  try {
    reply = await askModel(model, prompt, batchMessage(notes), batchResponseFormat, opts);
  } catch (err) {
    if (err instanceof ExtractionFailure) return byId;
    throw err;
  }
  try {
    for (const [n, extraction] of parseBatchReply(reply, notes.length)) byId.set(notes[n - 1].id, extraction);
  } catch (err) {
    if (!(err instanceof MalformedReply)) throw err;
  }
  return byId;
}
