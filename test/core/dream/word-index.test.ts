// The word index Dream dedups with: exactly the matches a Jaccard over every indexed text finds, no more, no fewer.
import assert from 'node:assert/strict';
import { prng } from '../../../bench/support/prng.ts';
import { WordIndex } from '../../../core/dream/word-index.ts';
import { jaccard, wordSet } from '../../../core/text/jaccard.ts';

/** Every id whose set is at or above the threshold, by brute force, in the index's order. */
function bruteForce(sets: Map<number, Set<string>>, words: Set<string>, threshold: number) {
  return [...sets]
    .map(([id, set]) => ({ id, similarity: jaccard(words, set) }))
    .filter((m) => m.similarity >= threshold && m.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity || a.id - b.id);
}

describe('Dream word index', () => {
  it('finds exactly what a Jaccard over every set finds, at any threshold, across adds, edits and removals', () => {
    const rand = prng(4242);
    const vocabulary = Array.from({ length: 40 }, (_, i) => `w${i}`);
    // skewed: a few words are everywhere, as in real beliefs, so the rarest-words probe matters
    const word = () => vocabulary[Math.floor(vocabulary.length * rand() ** 2)];
    const randomSet = () => new Set(Array.from({ length: 1 + Math.floor(rand() * 9) }, word));
    const index = new WordIndex();
    const sets = new Map<number, Set<string>>();
    for (let id = 1; id <= 600; id++) {
      const set = randomSet();
      sets.set(id, set);
      index.set(id, set);
    }
    for (let round = 0; round < 300; round++) {
      const id = 1 + Math.floor(rand() * 700);
      if (rand() < 0.3) {
        assert.equal(index.remove(id), sets.delete(id));
      } else {
        const set = randomSet();
        sets.set(id, set);
        index.set(id, set);
      }
    }
    assert.equal(index.size, sets.size);
    let compared = 0;
    for (const threshold of [0.05, 0.3, 0.5, 0.6, 2 / 3, 0.75, 0.8, 1]) {
      for (let q = 0; q < 150; q++) {
        const query =
          rand() < 0.5 ? randomSet() : new Set([...(sets.get(1 + Math.floor(rand() * 600)) ?? []), word()]);
        const expected = bruteForce(sets, query, threshold);
        assert.deepEqual(index.matches(query, threshold), expected, `${[...query]} at ${threshold}`);
        compared += expected.length;
      }
    }
    assert.ok(compared > 1000, 'the queries must actually match something');
  });

  it('compares word sets as Jaccard does: stopwords, plurals, negations', () => {
    const index = new WordIndex();
    index.set(1, wordSet('Max is allergic to peanuts'));
    index.set(2, wordSet('Max is not allergic to peanuts'));
    assert.deepEqual(
      index.matches(wordSet('max allergic peanut'), 0.6).map((m) => m.id),
      [1],
    );
    assert.deepEqual(index.matches(wordSet(''), 0.05), []);
    assert.deepEqual(index.matches(wordSet('Olivia swims'), 0.05), []);
  });
});
