// The FTS query builder and window ranking as pure functions.
import assert from 'node:assert/strict';
import {
  buildMatches,
  foldWord,
  ftsString,
  queryWords,
  wordVariants,
} from '../../../core/memory/fts-query.ts';
import { scopeKey } from '../../../core/memory/seal-filter.ts';
import { scoreWindow } from '../../../core/memory/window-bm25.ts';

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

  it('builds one scoped match per word and one for the tags, and none when there is nothing to search', () => {
    assert.deepEqual(
      buildMatches({ scopeKeys: ['so', 'so61'], words: ['mia', 'dentist'], tags: ['school run', 'x'] }),
      [
        'scope : ("so" OR "so61") AND {content tags} : ("mia" OR "mias")',
        'scope : ("so" OR "so61") AND {content tags} : ("dentist" OR "dentists")',
        'scope : ("so" OR "so61") AND tags : ("school run" OR "x")',
      ],
    );
    assert.deepEqual(buildMatches({ scopeKeys: ['so'], words: [], tags: [] }), []);
    assert.deepEqual(buildMatches({ scopeKeys: [], words: ['mia'], tags: [] }), []);
  });

  it('derives distinct scope tokens for each (workspace, owner) pair', () => {
    const keys = [scopeKey(null, null), scopeKey(null, 'a'), scopeKey('a', null), scopeKey('a', 'a')];
    assert.equal(new Set(keys).size, 4);
    assert.match(scopeKey('Süd', '@x:y'), /^s[0-9a-f]+o[0-9a-f]+$/);
  });
});

describe('window bm25', () => {
  const doc = (id: number, content: string, tags: string[] = []) => ({ id, content, tags });

  it('prefers more matched words, then rarer words, then newer documents', () => {
    const ranked = scoreWindow(
      [
        doc(1, 'apple pie'),
        doc(2, 'apple tart'),
        doc(3, 'apple cake'),
        doc(4, 'pie crust'),
        doc(5, 'apple jam'),
      ],
      { words: ['apple', 'pie'], tags: [] },
    ).map((r) => r.doc.id);
    assert.deepEqual(ranked, [1, 4, 5, 3, 2]);
  });

  it('weights words in tags and boosts exact tags', () => {
    const ranked = scoreWindow([doc(1, 'health card'), doc(2, 'card', ['health'])], {
      words: ['health'],
      tags: ['health'],
    });
    assert.equal(ranked[0].doc.id, 2);
    assert.ok(ranked[0].score > ranked[1].score + 2 - 1e-9);
  });
});
