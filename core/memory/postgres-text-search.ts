// Memory search candidates on PostgreSQL: its own full-text search over the `search` tsvector column and GIN index.

import { words as splitWords } from '../text/word-tokens.ts';
import { combinations, wordVariants } from './fts-query.ts';
import type { CandidateSearch } from './memory-search.ts';

/**
 * A tsquery lexeme. Query words come from `words()`, which keeps only letters and digits, so quoting can never
 * meet a quote inside; the weight letter narrows a lexeme to the tags (B) part of the vector.
 */
/** Rows holding every term are few; the cap only bounds a pathological query. */
const ALL_TERMS_CAP = 200;
/** Pairs are built from this many terms at most (15 pairs). */
const PAIRED_TERMS = 6;

const lexeme = (w: string, weight = '') => `'${w}'${weight ? `:${weight}` : ''}`;

/**
 * Each word (either singular or plural, like the FTS5 side) in content or tags, and the tags as phrases in the
 * tags part only, accents folded as in the index; the filter (seal, slice, liveness) applies inside each term's
 * search, shortest first (fewest distinct words: BM25's best rows for a word), then newest.
 */
export const postgresCandidates: CandidateSearch = async (db, filter, { words, tags }, perTerm) => {
  const queries = words.map((w) =>
    wordVariants(w)
      .map((v) => lexeme(v))
      .join(' | '),
  );
  const phrases = tags
    .map((t) =>
      splitWords(t)
        .map((w) => lexeme(w, 'B'))
        .join(' <-> '),
    )
    .filter((p) => p.length > 0);
  // each tag its own term, so the rows carrying several of them are reached by the all-terms query below
  queries.push(...phrases);
  if (queries.length === 0) return [];
  // rows holding every term, whatever their age: an old best match whose words are all common (each term's own
  // newest matches never reach back to it)
  const sources = queries.map((q): [string, number] => [q, perTerm]);
  if (queries.length >= 2) sources.push([queries.map((q) => `(${q})`).join(' & '), ALL_TERMS_CAP]);
  // and rows holding any two of the first terms: a best match often lacks one word of the question
  const pairs = combinations(queries.slice(0, PAIRED_TERMS), 2);
  if (queries.length >= 3) {
    sources.push([pairs.map(([a, b]) => `((${a}) & (${b}))`).join(' | '), ALL_TERMS_CAP]);
  }
  const hits = sources
    .map(
      () =>
        `SELECT id FROM (SELECT m.id FROM memories m WHERE m.search @@ to_tsquery('simple', quorra_fold(?)) AND ${filter.where}` +
        ' ORDER BY length(m.search), m.id DESC LIMIT ?) t',
    )
    .join(' UNION ');
  return db.query(`SELECT m.id, m.content, m.tags FROM memories m WHERE m.id IN (${hits})`, [
    ...sources.flatMap(([q, cap]) => [q, ...filter.params, cap]),
  ]);
};
