// Words as recall and tool selection see them: split like SQLite's unicode61, folded, with the stopwords both drop.

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
