// Ranks tools against a conversation with BM25 over each tool's name, description and example requests.

import type { ToolDefinition } from '../contracts/define-tool.ts';
import { idf, termScore } from '../text/bm25-score.ts';
import { foldWord, STOPWORDS, words } from '../text/word-tokens.ts';

/** A tool's words, folded, with their weighted counts; computed once per (frozen) definition. */
interface ToolDoc {
  tf: Map<string, number>;
  length: number;
}

// the name says what a tool is for more surely than its prose; examples are how people actually ask
const NAME_WEIGHT = 2;
const EXAMPLE_WEIGHT = 1.5;
// a near match (a typo, "remind" for "reminder") counts for less than the word itself
const NEAR_WEIGHT = 0.6;

// filler that says nothing of a tool; "remind", "tell" and "know" are a memory search's filler but name tools here
const KEEP = new Set(['remind', 'tell', 'know', 'more', 'now', 'out', 'up']);
const meaningful = (f: string) => !STOPWORDS.has(f) || KEEP.has(f);

// "to do", "to-do" and "todo" are one word to a family; split, both halves are stopwords
const TODO = /\bto[\s-]?do(s?)\b/gi;
const wordsOf = (text: string) => words(text.replace(TODO, 'todo$1'));

const docs = new WeakMap<ToolDefinition<any>, ToolDoc>();

function docOf(tool: ToolDefinition<any>): ToolDoc {
  let doc = docs.get(tool);
  if (doc) return doc;
  doc = { tf: new Map(), length: 0 };
  const add = (text: string, weight: number) => {
    for (const w of wordsOf(text)) {
      const f = foldWord(w);
      doc!.tf.set(f, (doc!.tf.get(f) ?? 0) + weight);
      doc!.length++;
    }
  };
  add(tool.name.replaceAll('_', ' '), NAME_WEIGHT);
  add(tool.description, 1);
  for (const e of tool.examples ?? []) add(e, EXAMPLE_WEIGHT);
  docs.set(tool, doc);
  return doc;
}

/** At most one edit (insert, delete, substitute, swap) apart: how a phone keyboard misspells a word. */
function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  const [long, short] = a.length > b.length ? [a, b] : [b, a];
  return long.slice(i + 1) === short.slice(i);
}

/** Vocabulary words a query word stands for: itself, else a word it begins or is one typo from. */
function nearTerms(q: string, vocab: Set<string>): Array<[string, number]> {
  if (vocab.has(q)) return [[q, 1]];
  if (q.length < 4) return [];
  const out: Array<[string, number]> = [];
  for (const v of vocab)
    if (v.length >= 4 && (v.startsWith(q) || q.startsWith(v) || oneEditApart(q, v)))
      out.push([v, NEAR_WEIGHT]);
  return out;
}

/** The query side: folded words with a weight each (the new message counts more than earlier turns). */
export type WeightedText = { text: string; weight: number };

/** Scores each tool against the texts; a higher score is more relevant, 0 is no word in common. */
export function scoreTools(
  tools: ToolDefinition<any>[],
  texts: WeightedText[],
): Map<ToolDefinition<any>, number> {
  const all = tools.map(docOf);
  const vocab = new Set<string>();
  let total = 0;
  for (const d of all) {
    total += d.length;
    for (const t of d.tf.keys()) vocab.add(t);
  }
  const avgLength = total / Math.max(all.length, 1) || 1;
  // each query term's weight: its best text weight × how near it is
  const query = new Map<string, number>();
  for (const { text, weight } of texts)
    for (const w of new Set(wordsOf(text).map(foldWord).filter(meaningful)))
      for (const [term, near] of nearTerms(w, vocab))
        query.set(term, Math.max(query.get(term) ?? 0, weight * near));
  const df = new Map<string, number>();
  for (const term of query.keys()) df.set(term, all.filter((d) => d.tf.has(term)).length);
  const scores = new Map<ToolDefinition<any>, number>();
  tools.forEach((tool, i) => {
    const d = all[i];
    let score = 0;
    for (const [term, qw] of query) {
      const f = d.tf.get(term);
      if (f) score += qw * termScore(idf(all.length, df.get(term)!), f, d.length, avgLength);
    }
    scores.set(tool, score);
  });
  return scores;
}
