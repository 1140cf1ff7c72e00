// Turns untrusted text into a safe FTS5 MATCH expression: quoted words only, so no input is read as syntax.
import { foldWord, STOPWORDS, words } from '../text/word-tokens.ts';

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
