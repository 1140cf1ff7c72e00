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

/** The tools one turn ranks, as BM25 needs them: their documents, vocabulary and mean length, with memos. */
interface Corpus {
  all: ToolDoc[];
  vocab: Set<string>;
  avgLength: number;
  /** Query word → the vocabulary words it stands for (a scan of the whole vocabulary, done once per word). */
  near: Map<string, Array<[string, number]>>;
  df: Map<string, number>;
}

// turns rank the same few tool sets over and over (a scope's tools, a person's): each set's corpus is built once
const ids = new WeakMap<ToolDefinition<any>, number>();
let nextId = 0;
const corpora = new Map<string, Corpus>();
const MAX_CORPORA = 64;
const MAX_MEMO = 5000;

function corpusOf(tools: ToolDefinition<any>[]): Corpus {
  const key = tools
    .map((t) => {
      let id = ids.get(t);
      if (id === undefined) {
        id = nextId++;
        ids.set(t, id);
      }
      return id;
    })
    .join(',');
  let c = corpora.get(key);
  if (c) return c;
  const all = tools.map(docOf);
  const vocab = new Set<string>();
  let total = 0;
  for (const d of all) {
    total += d.length;
    for (const t of d.tf.keys()) vocab.add(t);
  }
  c = { all, vocab, avgLength: total / Math.max(all.length, 1) || 1, near: new Map(), df: new Map() };
  if (corpora.size >= MAX_CORPORA) corpora.delete(corpora.keys().next().value!);
  corpora.set(key, c);
  return c;
}

/** A memo bounded by a plain clear: the words families use are few, a flood of new ones only costs a rebuild. */
function memo<V>(m: Map<string, V>, k: string, make: () => V): V {
  let v = m.get(k);
  if (v === undefined) {
    if (m.size >= MAX_MEMO) m.clear();
    v = make();
    m.set(k, v);
  }
  return v;
}

/** Scores each tool against the texts; a higher score is more relevant, 0 is no word in common. */
export function scoreTools(
  tools: ToolDefinition<any>[],
  texts: WeightedText[],
): Map<ToolDefinition<any>, number> {
  const c = corpusOf(tools);
  // each query term's weight: its best text weight × how near it is
  const query = new Map<string, number>();
  for (const { text, weight } of texts)
    for (const w of new Set(wordsOf(text).map(foldWord).filter(meaningful)))
      for (const [term, near] of memo(c.near, w, () => nearTerms(w, c.vocab)))
        query.set(term, Math.max(query.get(term) ?? 0, weight * near));
  const scores = new Map<ToolDefinition<any>, number>();
  tools.forEach((tool, i) => {
    const d = c.all[i];
    let score = 0;
    for (const [term, qw] of query) {
      const f = d.tf.get(term);
      if (!f) continue;
      const df = memo(c.df, term, () => c.all.filter((x) => x.tf.has(term)).length);
      score += qw * termScore(idf(c.all.length, df), f, d.length, c.avgLength);
    }
    scores.set(tool, score);
  });
  return scores;
}
