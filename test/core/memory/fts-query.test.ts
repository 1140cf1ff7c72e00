// The FTS query builder and window ranking as pure functions.
import assert from 'node:assert/strict';
import {
  ftsString,
  indexForm,
  queryWords,
  scopeMatch,
  tagsMatch,
  wordMatch,
  wordVariants,
} from '../../../core/memory/fts-query.ts';
import { scopeKey } from '../../../core/memory/seal-filter.ts';
import { idf, scoreDocs } from '../../../core/text/bm25-score.ts';
import { foldWord, words } from '../../../core/text/word-tokens.ts';

describe('fts query', () => {
  it('keeps meaningful words once each, dropping stopwords and punctuation', () => {
    assert.deepEqual(queryWords('When is the DENTIST appointment? The dentists!'), [
      'dentist',
      'appointment',
    ]);
  });

  it('falls back to stopwords when nothing else is left', () => {
    assert.deepEqual(queryWords('who is she?'), ['who', 'is', 'she']);
  });

  it('splits ASCII and other text alike, with no empty tokens at either end', () => {
    assert.deepEqual(words("  Mia's DENTIST, 3pm!\t"), ['mia', 's', 'dentist', '3pm']);
    assert.deepEqual(words('—Café «Zoë» 2€—'), ['café', 'zoë', '2']);
    // composed and decomposed forms of the same letter give the same token
    assert.deepEqual(words('Cafe\u0301 x'), words('Caf\u00e9 x'));
    assert.deepEqual(words(''), []);
    assert.deepEqual(words(' ,;- '), []);
    assert.deepEqual(words('a'), ['a']);
  });

  it('caps the number of words', () => {
    assert.equal(queryWords(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')).length, 16);
  });

  it('folds case, accents and a plural s', () => {
    assert.equal(foldWord('Cafés'), 'cafe');
    assert.equal(foldWord('glass'), 'glass');
    assert.equal(foldWord('bus'), 'bus');
    assert.deepEqual(wordVariants('dentists'), ['dentists', 'dentist']);
    assert.deepEqual(wordVariants('dentist'), ['dentist', 'dentists']);
  });

  it('quotes every string so FTS syntax in it stays text', () => {
    assert.equal(ftsString('a"b'), '"a""b"');
    assert.equal(ftsString('NEAR(x)'), '"NEAR(x)"');
  });

  it('builds quoted scope, word and tag expressions, and no tag expression without a tag word', () => {
    assert.equal(scopeMatch(['so', 'so61']), 'scope : ("so" OR "so61")');
    assert.equal(wordMatch('mia'), '{content tags} : ("mia" OR "mias")');
    assert.equal(tagsMatch(['school run', 'x']), 'tags : ("school run" OR "x")');
    assert.equal(tagsMatch(['!!']), null);
    assert.equal(indexForm('Café'), 'cafe');
  });

  it('drops what an apostrophe leaves behind', () => {
    assert.deepEqual(queryWords("When is Mia's dentist? Don't forget"), ['mia', 'dentist', 'don', 'forget']);
  });

  it('derives distinct scope tokens for each (workspace, owner) pair', () => {
    const keys = [scopeKey(null, null), scopeKey(null, 'a'), scopeKey('a', null), scopeKey('a', 'a')];
    assert.equal(new Set(keys).size, 4);
    assert.match(scopeKey('Süd', '@x:y'), /^s[0-9a-f]+o[0-9a-f]+$/);
  });
});

describe('bm25 score', () => {
  const doc = (id: number, content: string, tags: string[] = []) => ({ id, content, tags });
  const stats = (rows: number, df: Record<string, number>) => ({
    rows,
    avgLength: 2,
    df: new Map(Object.entries(df)),
  });

  it('prefers more matched words, then rarer words, then newer documents', () => {
    const ranked = scoreDocs(
      [
        doc(1, 'apple pie'),
        doc(2, 'apple tart'),
        doc(3, 'apple cake'),
        doc(4, 'pie crust'),
        doc(5, 'apple jam'),
      ],
      { words: ['apple', 'pie'], tags: [] },
      stats(5, { apple: 4, pie: 2 }),
    ).map((r) => r.doc.id);
    assert.deepEqual(ranked, [1, 4, 5, 3, 2]);
  });

  it('scores a document the same whichever other documents are ranked with it', () => {
    const s = stats(1000, { apple: 300, pie: 10 });
    const alone = scoreDocs([doc(1, 'apple pie')], { words: ['apple', 'pie'], tags: [] }, s);
    const crowd = scoreDocs(
      [doc(1, 'apple pie'), doc(2, 'apple'), doc(3, 'pie pie')],
      { words: ['apple', 'pie'], tags: [] },
      s,
    );
    assert.equal(crowd.find((r) => r.doc.id === 1)?.score, alone[0].score);
    assert.ok(idf(1000, 10) > idf(1000, 300));
    assert.ok(idf(10, 10) > 0);
  });

  it('weights words in tags and boosts exact tags', () => {
    const ranked = scoreDocs(
      [doc(1, 'health card'), doc(2, 'card', ['health'])],
      { words: ['health'], tags: ['health'] },
      stats(2, { health: 2 }),
    );
    assert.equal(ranked[0].doc.id, 2);
    assert.ok(ranked[0].score > ranked[1].score + 2 - 1e-9);
  });
});
