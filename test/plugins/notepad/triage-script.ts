// Scripting the triage model in tests: which requests are triage calls, and a triage answer.

/** True for the triage pass's model request (its system prompt is the notepad triage task). */
export const triageCall = (body: any) =>
  String(body.messages?.[0]?.content ?? '').includes('You triage a household');

/** The model's answer with these per-jot results. */
export const answer = (results: unknown[]) => ({ content: JSON.stringify({ results }) });
