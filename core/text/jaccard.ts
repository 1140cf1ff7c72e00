// Word-overlap (Jaccard) similarity: the one definition of "near-duplicate text" every dedup in Quorra uses.

// Function words only. Negations (no, not, never) are deliberately kept: "likes peanuts" and "does not like
// peanuts" must not look like the same sentence.
const STOPWORD_LIST =
  'a an the and or but of to in on at for with by from into onto about as is are was were be been being am ' +
  'it its this that these those has have had do does did will would shall should can could may might must ' +
  'i me my mine we us our ours you your yours he him his she her hers they them their theirs there here ' +
  'so than then too very just also which who whom whose what when where while';

/** Lowercases, strips diacritics and a plural or possessive "s", so "Dentists'" and "dentist" compare equal. */
export function foldToken(word: string): string {
  const base = /^[\x20-\x7e]*$/.test(word)
    ? word.toLowerCase()
    : word
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
  return base.length > 3 && base.endsWith('s') && !base.endsWith('ss') ? base.slice(0, -1) : base;
}

const STOPWORDS = new Set(STOPWORD_LIST.split(' ').map(foldToken));

const NEGATIONS = new Set(['not', 'no', 'never', 'without', 'nor']);

/** The folded word tokens of a text in order (contractions spelled out, possessive 's dropped, punctuation split). */
export function tokens(text: string): string[] {
  return text
    .normalize('NFC')
    .replace(/\bcan['’]t\b/giu, 'can not')
    .replace(/\bwon['’]t\b/giu, 'will not')
    .replace(/n['’]t\b/giu, ' not')
    .replace(/\bcannot\b/giu, 'can not')
    .replace(/['’]s\b/giu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .map(foldToken);
}

/**
 * The distinct meaningful words of a text; stopwords go unless nothing else is left. A negation is fused to the
 * next meaningful word ("does not like" → "not like"), so "Max likes peanuts" and "Max does not like peanuts"
 * share only the words the denial does not touch.
 */
export function wordSet(text: string): Set<string> {
  const all = tokens(text);
  const out: string[] = [];
  let negate = false;
  for (const w of all) {
    if (NEGATIONS.has(w)) negate = true;
    else if (!STOPWORDS.has(w)) {
      out.push(negate ? `not ${w}` : w);
      negate = false;
    }
  }
  if (negate) out.push('not');
  return new Set(out.length > 0 ? out : all);
}

/** |A ∩ B| / |A ∪ B| over word sets; 0 when either side has no words (no evidence of sameness). */
export function jaccard(a: string | ReadonlySet<string>, b: string | ReadonlySet<string>): number {
  const x = typeof a === 'string' ? wordSet(a) : a;
  const y = typeof b === 'string' ? wordSet(b) : b;
  if (x.size === 0 || y.size === 0) return 0;
  const [small, large] = x.size <= y.size ? [x, y] : [y, x];
  let shared = 0;
  for (const w of small) if (large.has(w)) shared++;
  return shared / (x.size + y.size - shared);
}

/** True when two texts reach the similarity threshold (inclusive). */
export function isNearDuplicate(
  a: string | ReadonlySet<string>,
  b: string | ReadonlySet<string>,
  threshold: number,
): boolean {
  return jaccard(a, b) >= threshold;
}

/** Share of `claim`'s words that also occur in `source` (containment, not symmetric); 0 for an empty claim. */
export function coverage(claim: string | ReadonlySet<string>, source: string | ReadonlySet<string>): number {
  const c = typeof claim === 'string' ? wordSet(claim) : claim;
  const s = typeof source === 'string' ? wordSet(source) : source;
  if (c.size === 0) return 0;
  let found = 0;
  for (const w of c) if (s.has(w)) found++;
  return found / c.size;
}
