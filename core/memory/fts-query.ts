// Turns untrusted text into a safe FTS5 MATCH expression: quoted words only, so no input is read as syntax.

// English function words and chat filler: they match nearly every memory, so they only cost time and blur ranking.
const STOPWORD_LIST =
  'a about after again all am an and any are as at be been before being but by can could did do does doing ' +
  'for from had has have having he her here hers him his how i if in into is it its just me more most my no ' +
  'nor not now of on once only or other our ours out over own same she should so some such than that the ' +
  'their theirs them then there these they this those through to too under until up very was we were what ' +
  'when where which while who whom why will with would you your yours quorra please tell remind know ' +
  // What an apostrophe leaves behind ("Mia's", "don't", "we'll"): it matches nearly every memory.
  's t d ll re ve m';

const ASCII = /^[\t\n\r\x20-\x7e]*$/;
const SEPARATORS = /[^\p{L}\p{N}\p{Co}]+/u;
/** The same split for ASCII text, whose letters and digits are just these (and which is already in NFC). */
const ASCII_SEPARATORS = /[^a-z0-9]+/;

/** Lowercased word tokens split the way SQLite's unicode61 tokenizer splits (letters, digits, private use). */
export function words(text: string): string[] {
  // most text is ASCII: the plain split is the same and keeps ranking's tokenising cheap
  const tokens = ASCII.test(text)
    ? text.toLowerCase().split(ASCII_SEPARATORS)
    : text.normalize('NFC').toLowerCase().split(SEPARATORS);
  // split leaves an empty string only at either end
  if (tokens.length > 0 && tokens[tokens.length - 1] === '') tokens.pop();
  if (tokens.length > 0 && tokens[0] === '') tokens.shift();
  return tokens;
}

/** A comparison key for a word: diacritics removed, lowercased, a plural 's' dropped ("dentists" → "dentist"). */
export function foldWord(w: string): string {
  // Plain ASCII (most words) has nothing to decompose; skipping NFD keeps ranking cheap.
  const base = /^[\x20-\x7e]*$/.test(w)
    ? w.toLowerCase()
    : w
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
  return base.length > 3 && base.endsWith('s') && !base.endsWith('ss') ? base.slice(0, -1) : base;
}

/** The folded stopwords (shared with the tool selection, which ranks on the same words). */
export const STOPWORDS: ReadonlySet<string> = new Set(STOPWORD_LIST.split(' ').map(foldWord));

/** The distinct meaningful words of a query, at most `max`; stopwords are dropped unless nothing else is left. */
export function queryWords(text: string, max = 16): string[] {
  const all = words(text);
  const pick = (keepStopwords: boolean) => {
    const seen = new Set<string>();
    const kept: string[] = [];
    for (const w of all) {
      const f = foldWord(w);
      if (seen.has(f) || (!keepStopwords && STOPWORDS.has(f))) continue;
      seen.add(f);
      kept.push(w);
    }
    return kept;
  };
  const meaningful = pick(false);
  return (meaningful.length > 0 ? meaningful : pick(true)).slice(0, max);
}

/** An FTS5 string literal: inner double quotes doubled, so its content is always just text to tokenize. */
export function ftsString(s: string): string {
  return `"${s.replaceAll('"', '""')}"`;
}

/** A word and its singular/plural twin; unicode61 does not stem, so the match accepts either. */
export function wordVariants(w: string): string[] {
  const twin = w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : `${w}s`;
  return [w, twin];
}

/** The form FTS5's unicode61 tokenizer stores a word under: lowercased, diacritics removed. */
export function indexForm(w: string): string {
  return w
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** Matches rows of the given slices (FTS scope tokens); every search expression starts with it. */
export function scopeMatch(scopeKeys: string[]): string {
  return `scope : (${scopeKeys.map(ftsString).join(' OR ')})`;
}

/** Matches a word in either form (or only the given forms: those the index holds) in the content or the tags. */
export function wordMatch(w: string, forms = wordVariants(w)): string {
  return `{content tags} : (${forms.map(ftsString).join(' OR ')})`;
}

/** Matches any of the normalized tags as a phrase in the tags column; null when none has a word in it. */
export function tagsMatch(tags: string[]): string | null {
  const phrases = tags
    .map((t) => words(t).join(' '))
    .filter((t) => t.length > 0)
    .map(ftsString);
  return phrases.length > 0 ? `tags : (${phrases.join(' OR ')})` : null;
}

/** Every way to pick `size` of the items, in order (for "rows holding at least `size` of the query's terms"). */
export function combinations<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  if (items.length < size) return [];
  const [first, ...rest] = items;
  return [...combinations(rest, size - 1).map((c) => [first, ...c]), ...combinations(rest, size)];
}
