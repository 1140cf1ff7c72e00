// Checks that every factual sentence of a draft is backed by the guest information or the booking, and names the sources.
import { foldText } from './guest-categories.ts';

/** A text the draft may rest on: a passage of a guest-visible document, or the booking record. */
export interface GroundingSource {
  /** How the owner knows it: a document's title, or "the booking". */
  name: string;
  text: string;
}

/** The verdict: supported (with the sources each sentence rests on), or the sentences that are not. */
export interface GroundingResult {
  supported: boolean;
  /** Names of the sources the factual sentences rest on, each once. */
  sources: string[];
  /** 1-based positions of the factual sentences no source backs. */
  unsupported: number[];
}

/** Greetings, thanks and sign-offs state no fact. */
const COURTESY =
  /^(hi|hello|hey|dear|good (morning|afternoon|evening)|thanks?|thank you|you'?re welcome|enjoy|have a|see you|best|kind regards|regards|cheers|welcome|let (me|us) know|feel free|we hope|i hope|hallo|liebe|danke|viel spass|hola|gracias|bonjour|merci|bienvenue|ciao|grazie)\b/;

/** Words that carry no fact, in the languages the drafts are written in. */
const FILLER = new Set(
  (
    'a an the and or but of to in on at for from by with as is are was were be been it its this that these those ' +
    'there here you your we our us i my me he she they them their his her will would can could may might should ' +
    'just also please any some all very so if then than when what which who how do does did has have had not no ' +
    'yes about into out up down over under again more most other such only own same too der die das und ist ein ' +
    'eine zu mit von den dem sie wir ihr es el la los las y es un una de del en con por para que le les et est des ' +
    'du une pour avec dans il elle nous vous'
  ).split(' '),
);

/** The fact-bearing words of a text: folded, filler removed; digits kept whole. */
export function contentWords(text: string): string[] {
  return (foldText(text).match(/[\p{L}\p{N}]+/gu) ?? []).filter(
    (w) => !FILLER.has(w) && (w.length > 2 || /\d/.test(w)),
  );
}

/** A word is found in a source when the source has it, or shares its first five letters (park / parking). */
function backedBy(words: string[], source: Set<string>, stems: Set<string>): number {
  let found = 0;
  for (const w of words) if (source.has(w) || (w.length >= 5 && stems.has(w.slice(0, 5)))) found++;
  return found;
}

/** The draft's sentences, by the platform's own segmenter (it knows "3 p.m." is not a sentence end). */
export function sentencesOf(text: string): string[] {
  const seg = new Intl.Segmenter('en', { granularity: 'sentence' });
  return [...seg.segment(text)].map((s) => s.segment.trim()).filter(Boolean);
}

/**
 * A factual sentence is backed when one source holds at least `share` of its content words. A short greeting,
 * sign-off or question backs nothing and needs nothing; a sentence without content words is courtesy too.
 */
export function checkGrounding(draft: string, sources: GroundingSource[], share = 0.8): GroundingResult {
  const indexed = sources.map((s) => {
    const words = new Set(contentWords(s.text));
    return {
      name: s.name,
      words,
      stems: new Set([...words].filter((w) => w.length >= 5).map((w) => w.slice(0, 5))),
    };
  });
  const used = new Set<string>();
  const unsupported: number[] = [];
  sentencesOf(draft).forEach((sentence, i) => {
    const words = contentWords(sentence);
    // a short greeting or question states nothing; a long one may carry a fact under its courtesy
    const courtesy = COURTESY.test(foldText(sentence)) || sentence.endsWith('?');
    if (!words.length || (courtesy && words.length <= 4)) return;
    let best: { name: string; score: number } | null = null;
    for (const s of indexed) {
      const score = backedBy(words, s.words, s.stems) / words.length;
      if (!best || score > best.score) best = { name: s.name, score };
    }
    if (best && best.score >= share) used.add(best.name);
    else unsupported.push(i + 1);
  });
  return { supported: unsupported.length === 0, sources: [...used], unsupported };
}
