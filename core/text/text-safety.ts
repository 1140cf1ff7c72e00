// Text from strangers: what can never be meaningful is refused; what is invisible or reorders a line is neutralised.
import { caselessSkeleton } from './confusable-skeleton.ts';

/** How much of any untrusted input an error message or log line may echo. */
export const ECHO_LIMIT = 200;

// C0 controls except tab, newline and carriage return; DEL; C1 controls
const CONTROL = /(?![\t\n\r])\p{Cc}/gu;
// zero-width, soft hyphen, bidi embeddings/overrides/isolates/marks, word joiners, invisible operators, BOM
const INVISIBLE =
  /[\u00AD\u061C\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/g;
// a zero-width joiner survives only inside an emoji sequence (👨‍👩‍👧), where it is meaningful
const STRAY_ZWJ = /(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
const LINE_BREAKS = /[\t\n\r\u2028\u2029\u0085]+/g;

/** Why `s` can never be meaningful text (NUL, a lone surrogate), or undefined when it is acceptable. */
export function refusedText(s: string): string | undefined {
  if (s.includes('\u0000')) return 'contains a NUL character';
  // isWellFormed (ES2024, Node ≥ 20) is the engine's own lone-surrogate scan
  if (!(s as string & { isWellFormed(): boolean }).isWellFormed())
    return 'contains a lone surrogate (not valid UTF-8)';
  return undefined;
}

/** Multi-line text as stored: NFC, without control characters other than tab and newline. */
export function cleanText(s: string): string {
  return s.normalize('NFC').replace(CONTROL, '');
}

/** One line of text to show as a label: no controls, no invisible or direction-changing characters, single spaces. */
export function cleanLabel(s: string): string {
  return cleanText(s)
    .replace(LINE_BREAKS, ' ')
    .replace(INVISIBLE, '')
    .replace(STRAY_ZWJ, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** Multi-line text to show to a person: line breaks kept (as \n), invisible and direction-changing characters gone. */
export function cleanDisplayText(s: string): string {
  return cleanText(s)
    .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
    .replace(INVISIBLE, '')
    .replace(STRAY_ZWJ, '');
}

/** At most `max` characters of untrusted input, for an error message or a log line. */
export function echo(s: string, max = ECHO_LIMIT): string {
  const one = cleanLabel(String(s));
  return one.length <= max ? one : `${one.slice(0, max - 1)}…`;
}

/**
 * What two labels are compared by when a duplicate would confuse: cleaned, compatibility-folded, case-free, and
 * reduced to their confusable skeleton, so a look-alike ("Оlivia" with a Cyrillic О) counts as the same name.
 */
export function labelKey(s: string): string {
  return caselessSkeleton(cleanLabel(s).normalize('NFKC'));
}
