// The quote check and the echo guard: a claim stands only on words a person wrote, never on Quorra's replies.
import type { Note } from '../memory/note.entity.ts';
import { coverage, wordSet } from '../text/jaccard.ts';

type NoteText = Pick<Note, 'text' | 'sourceKind'>;

/** Collapses every whitespace run to one space and trims (NFC first, so composed and decomposed letters agree). */
export function normaliseWhitespace(s: string): string {
  return s.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

const SPEAKER = /^User \(.*?\): ?/u;
const QUORRA_LINE = /\n[ \t]*Quorra:/u;

/**
 * Splits a chat-turn note (`User (<name>): <text>\nQuorra: <reply>`, one turn per note) into the person's text and
 * Quorra's. Everything from the first `Quorra:` line on is Quorra's, even text that looks like another speaker:
 * a reply can contain anything, so only the leading user part is vouched for. A chat note without the leading
 * speaker has no person text at all. Notepad, document and plugin notes are entirely person-written.
 */
export function splitSpeakers(note: NoteText): { person: string; quorra: string } {
  if (note.sourceKind !== 'chat_turn') return { person: note.text, quorra: '' };
  const speaker = SPEAKER.exec(note.text);
  if (!speaker) return { person: '', quorra: note.text };
  const rest = note.text.slice(speaker[0].length);
  const cut = rest.search(QUORRA_LINE);
  return cut < 0 ? { person: rest, quorra: '' } : { person: rest.slice(0, cut), quorra: rest.slice(cut + 1) };
}

/** True when the quote occurs verbatim (up to whitespace) in what the person wrote and holds at least one word. */
export function quoteFromPerson(note: NoteText, quote: string): boolean {
  const q = normaliseWhitespace(quote);
  if (q.length === 0 || !/[\p{L}\p{N}]/u.test(q)) return false;
  return normaliseWhitespace(splitSpeakers(note).person).includes(q);
}

/**
 * Below this share of the claim's words in the person's own text, a claim better supported by Quorra's reply is an
 * echo: Quorra restating a memory ("you prefer oat milk") must never come back as evidence for it.
 */
export const ECHO_PERSON_COVERAGE = 0.5;

/** True when a claim restates Quorra's part of a chat note rather than what the person said. */
export function isEcho(note: NoteText, content: string): boolean {
  if (note.sourceKind !== 'chat_turn') return false;
  const { person, quorra } = splitSpeakers(note);
  const claim = wordSet(content);
  const fromPerson = coverage(claim, person);
  return fromPerson < ECHO_PERSON_COVERAGE && coverage(claim, quorra) > fromPerson;
}

/** The verdict on one claim before dedup: keep it, or drop it for a missing quote or as an echo. */
export function checkClaim(
  note: NoteText,
  claim: { quote: string; content: string },
): 'ok' | 'no_quote' | 'echo' {
  if (!quoteFromPerson(note, claim.quote)) return 'no_quote';
  return isEcho(note, claim.content) ? 'echo' : 'ok';
}
