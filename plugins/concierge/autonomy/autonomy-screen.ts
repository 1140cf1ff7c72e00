// The deterministic screen before any auto-send: no money, no code-like digits, no dates, no links, no never-topic.
import { foldText, NEVER_CATEGORIES, NEVER_WORDS, type NeverCategory } from './guest-categories.ts';

/** One thing the screen found; `where` says whether it was in the guest's message or in the draft. */
export interface ScreenFinding {
  where: 'message' | 'draft';
  what: 'amount' | 'code' | 'date' | 'link' | NeverCategory;
}

const CURRENCY = '[$€£¥₹]|\\b(?:eur|usd|chf|gbp|sek|nok|dkk|pln|euros?|dollars?|pounds?|franken|francs?)\\b';
const MONEY = new RegExp(`(?:${CURRENCY})\\s?[-−]?\\d|\\d(?:[.,\\d\\s]*\\d)?\\s?(?:${CURRENCY})`, 'iu');
/** Four or more digits in one run, or split by spaces, dots or dashes (1234, 12-34, 1 2 3 4); times (10:00) are not. */
const CODE = /(?<![\d:])\d(?:[\s.\-/]?\d){3,}(?![\d:])/u;
const LINK =
  /\b(?:https?:\/\/|www\.|mailto:)|\b[a-z0-9-]+\.(?:com|net|org|info|io|co|app|me|ly|link|de|es|fr|it|nl|uk|ch|at|pt|br)\b/iu;
const MONTHS =
  'jan(?:uary|uar|vier)?|feb(?:ruary|ruar)?|f[eé]vrier|m[aä]r(?:ch|z)|mars|apr(?:il)?|avril|may|mai|jun[ei]?|juin|jul[iy]?|juillet|aug(?:ust)?|ao[uû]t|sep(?:t(?:ember)?)?|oct(?:ober)?|okt(?:ober)?|nov(?:ember)?|dec(?:ember)?|dez(?:ember)?|d[eé]cembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre';
const DATES = [
  /\b\d{4}-\d{1,2}-\d{1,2}\b/u,
  /\b\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?\b/u,
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th|\\.)?\\s+(?:of\\s+|de\\s+)?(?:${MONTHS})\\b`, 'iu'),
  new RegExp(`\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b`, 'iu'),
  /\b(?:tomorrow|yesterday|next (?:week|month)|morgen|manana|demain|domani)\b/iu,
];

/** The dates a text names, as written; used to tell the booking's own dates from any other. */
function dateMentions(text: string): string[] {
  const found: string[] = [];
  for (const re of DATES) {
    const g = new RegExp(re.source, `${re.flags}g`);
    for (const m of text.matchAll(g)) found.push(m[0]);
  }
  return found;
}

function withoutDates(text: string): string {
  let out = text;
  for (const re of DATES) out = out.replace(new RegExp(re.source, `${re.flags}g`), ' ');
  return out;
}

/**
 * The booking's own dates may appear in a draft ("check-out is on 2026-08-05"); any other date, and any date at all
 * in the guest's message, reads as a date change.
 */
function otherDates(text: string, own: readonly string[]): boolean {
  const ownForms = new Set(own.flatMap((d) => isoForms(d)));
  return dateMentions(text).some((m) => !ownForms.has(m.toLowerCase()));
}

/** The ways a draft may write a booking date (2026-08-05, 05.08.2026, 5 August, August 5). */
function isoForms(iso: string): string[] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return [];
  const [, y, mo, d] = m;
  const month = new Date(`${iso}T12:00:00Z`)
    .toLocaleString('en', { month: 'long', timeZone: 'UTC' })
    .toLowerCase();
  const day = String(Number(d));
  return [
    iso,
    `${d}.${mo}.${y}`,
    `${d}/${mo}/${y}`,
    `${day} ${month}`,
    `${month} ${day}`,
    `${day}th ${month}`,
  ];
}

/** Everything the screen finds in one text. */
function findings(text: string, where: ScreenFinding['where'], ownDates: readonly string[]): ScreenFinding[] {
  const out: ScreenFinding[] = [];
  if (MONEY.test(text)) out.push({ where, what: 'amount' });
  // a written date is the date rule's to judge, not a code
  if (CODE.test(withoutDates(text))) out.push({ where, what: 'code' });
  if (LINK.test(text)) out.push({ where, what: 'link' });
  if (where === 'message' ? dateMentions(text).length > 0 : otherDates(text, ownDates))
    out.push({ where, what: 'date' });
  const folded = foldText(text);
  for (const [category, words] of Object.entries(NEVER_WORDS) as [NeverCategory, RegExp][])
    if (words.test(folded)) out.push({ where, what: category });
  return out;
}

/** Screens the guest's message and the draft; an empty list means nothing stands in the way of an auto-send. */
export function screenForAutonomy(input: {
  message: string;
  draft: string;
  bookingDates: readonly string[];
}): ScreenFinding[] {
  return [
    ...findings(input.message, 'message', input.bookingDates),
    ...findings(input.draft, 'draft', input.bookingDates),
  ];
}

const WHAT_WORDS: Record<Exclude<ScreenFinding['what'], NeverCategory>, string> = {
  amount: 'a money amount',
  code: 'a number that looks like a code',
  date: 'a date',
  link: 'a link',
};

/** One finding in plain words, from fixed text only (never the guest's). */
export function describeFinding(f: ScreenFinding): string {
  const what =
    f.what in WHAT_WORDS
      ? WHAT_WORDS[f.what as keyof typeof WHAT_WORDS]
      : `a topic that always needs you (${NEVER_CATEGORIES[f.what as NeverCategory].toLowerCase()})`;
  return `${f.where === 'message' ? "the guest's message" : 'the draft'} mentions ${what}`;
}
