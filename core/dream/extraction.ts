// Sends one note to the strict extraction prompt and sorts every failure into note-level or infrastructure.
import type { Note } from '../memory/note.entity.ts';
import { type ChatCompletion, type ChatRequest, classifyModelError } from '../model/model-client.ts';
import { type Claim, MalformedReply, parseClaims } from './claim-parse.ts';
import { claimsResponseFormat } from './claims-format.ts';
import type { NoteFailureReason } from './note-retries.ts';

/** The part of the model client extraction needs (tests and the benchmark may pass their own). */
export interface ChatModel {
  /** The backend generates under a JSON-schema grammar (the embedded model): ask for the claims' shape. */
  readonly constrainsOutput?: boolean;
  chat(req: ChatRequest, opts?: { signal?: AbortSignal; timeoutMs?: number }): Promise<ChatCompletion>;
}

/** This note could not be extracted (retry it in a later run, then retire it). */
export class ExtractionFailure extends Error {
  constructor(
    readonly reason: NoteFailureReason,
    message: string,
  ) {
    super(message);
    this.name = 'ExtractionFailure';
  }
}

/** The model endpoint (or the service) is not able to work: stop the pass and hold the cursor. */
export class InfrastructureFailure extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
    this.name = 'InfrastructureFailure';
  }
}

/** What extraction returned for one note. */
export interface Extraction {
  claims: Claim[];
  invalid: number;
}

/** The user message for one note: its source and date for context, its text fenced so it reads as data. */
export function extractionMessage(note: Pick<Note, 'text' | 'sourceKind' | 'occurredAt'>): string {
  return [
    `Source: ${note.sourceKind}`,
    `Written: ${note.occurredAt.toISOString()}`,
    '<note>',
    note.text,
    '</note>',
  ].join('\n');
}

/** 4xx statuses that mean "this request (this note) was refused"; the others are configuration problems. */
const NOTE_REFUSALS = new Set([400, 413, 422]);

/** Sorts a failed model call: timeout/malformed/refusal of this note vs an endpoint that cannot serve at all. */
export function classifyExtractionError(err: unknown, timedOut: boolean): Error {
  if (timedOut) return new ExtractionFailure('timeout', 'the extraction timed out');
  const kind = classifyModelError(err);
  const message = (err as Error)?.message ?? String(err);
  if (kind === 'timeout') return new ExtractionFailure('timeout', message);
  if (kind === 'malformed') return new ExtractionFailure('malformed', message);
  const status = (err as { status?: number })?.status;
  if (kind === 'client_error' && status !== undefined && NOTE_REFUSALS.has(status)) {
    return new ExtractionFailure('rejected', message);
  }
  // unreachable, 5xx, 429, auth/not-found, aborted, and anything unknown: never burn a note's attempts on these
  return new InfrastructureFailure(kind, message);
}

/**
 * One extraction call: the system prompt and one user message, under the extraction timeout and the pass's signal.
 * Returns the reply text; throws ExtractionFailure (this request's notes) or InfrastructureFailure (stop the pass).
 */
export async function askModel(
  model: ChatModel,
  prompt: string,
  message: string,
  responseFormat: ChatRequest['response_format'],
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<string | null | undefined> {
  if (opts.signal?.aborted) throw new InfrastructureFailure('aborted', 'the pass was stopped');
  const timer = new AbortController();
  let timedOut = false;
  const t = setTimeout(() => {
    timedOut = true;
    timer.abort();
  }, opts.timeoutMs);
  const signal = opts.signal ? AbortSignal.any([timer.signal, opts.signal]) : timer.signal;
  try {
    const reply = await model.chat(
      {
        messages: [
          { role: 'system', content: prompt },
          { role: 'user', content: message },
        ],
        temperature: 0,
        // only the embedded backend: an endpoint keeps getting exactly the request it always got
        ...(model.constrainsOutput ? { response_format: responseFormat } : {}),
      },
      { signal },
    );
    return reply.choices?.[0]?.message?.content;
  } catch (err) {
    if (opts.signal?.aborted) throw new InfrastructureFailure('aborted', 'the pass was stopped');
    throw classifyExtractionError(err, timedOut);
  } finally {
    clearTimeout(t);
  }
}

/** Extracts claims from one note; throws ExtractionFailure or InfrastructureFailure. */
export async function extractClaims(
  model: ChatModel,
  prompt: string,
  note: Pick<Note, 'text' | 'sourceKind' | 'occurredAt'>,
  opts: { timeoutMs: number; signal?: AbortSignal },
): Promise<Extraction> {
  const content = await askModel(model, prompt, extractionMessage(note), claimsResponseFormat, opts);
  try {
    return parseClaims(content);
  } catch (err) {
    if (err instanceof MalformedReply) throw new ExtractionFailure('malformed', err.message);
    throw err;
  }
}
