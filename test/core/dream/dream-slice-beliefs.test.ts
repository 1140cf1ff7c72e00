// Dream's dedup over a word index of the slice: what the store search found, writes made during the pass, the seal.
import assert from 'node:assert/strict';
import { prng } from '../../../bench/support/prng.ts';
import { toDbTime } from '../../../core/db/sql-values.ts';
import { bestJaccard, Deduper } from '../../../core/dream/dedup.ts';
import { SliceBeliefs } from '../../../core/dream/slice-beliefs.ts';
import type { MemorySlice } from '../../../core/memory/seal-filter.ts';
import { wordSet } from '../../../core/text/jaccard.ts';
import { alice, beliefs, claim, type DreamKit, openDreamKit, reply } from './dream-kit.ts';

const manual = { cause: 'manual' as const, semantic: false };
const aliceBeliefs: MemorySlice = { workspace: null, ownerUserId: 'alice' };
const options = { jaccardThreshold: 0.6, cosineThreshold: 0.86, candidateLimit: 10, semanticRecent: 25 };

describe('Dream dedup over the slice’s word index', () => {
  let k: DreamKit;
  beforeEach(async () => {
    k = await openDreamKit();
  });
  afterEach(() => k.close());

  const belief = (content: string, slice: MemorySlice = aliceBeliefs) =>
    k.store.create(
      { content },
      { ownerUserId: slice.ownerUserId, workspace: slice.workspace, provenance: 'model_inference' },
    );

  it('finds every near-duplicate the store’s top search results found, at least as similar', async () => {
    const rand = prng(77);
    const pick = <T>(list: T[]) => list[Math.floor(rand() * list.length)];
    const people = ['Mia', 'Leo', 'Cara', 'Omar', 'Priya'];
    const things = [
      'oat milk',
      'peanuts',
      'the boiler',
      'the garden hose',
      'dark chocolate',
      'the car battery',
    ];
    const days = ['Monday', 'Tuesday', 'Friday', 'Sunday'];
    const sentence = () =>
      pick([
        () => `${pick(people)} wants ${pick(things)} on ${pick(days)}`,
        () => `${pick(people)} checked ${pick(things)} at the market on ${pick(days)}`,
        () => `We replaced ${pick(things)} because ${pick(people)} asked`,
      ])();
    for (let i = 0; i < 300; i++) await belief(sentence());
    const deduper = new Deduper(k.db, k.store, options, undefined, () => k.clock.now);
    let searchFound = 0;
    let indexFound = 0;
    for (let i = 0; i < 120; i++) {
      const content = sentence();
      const top = (await k.store.candidates(aliceBeliefs, content, options.candidateLimit)).map(
        (c) => c.memory,
      );
      const old = bestJaccard(content, top, options.jaccardThreshold);
      const { match } = await deduper.find(aliceBeliefs, { content, kind: 'fact' }, false);
      if (match) indexFound++;
      if (!old) continue;
      searchFound++;
      assert.ok(match, `the index missed what the search found for "${content}"`);
      assert.ok(match.similarity >= old.similarity, `"${content}": ${match.similarity} < ${old.similarity}`);
      assert.equal(match.memory.ownerUserId, 'alice');
    }
    assert.ok(
      searchFound >= 60,
      `the search must find near-duplicates to compare with (found ${searchFound})`,
    );
    assert.ok(indexFound >= searchFound);
  });

  it('finds a belief a chat turn writes during the pass, and one an owner edits into a near-duplicate', async () => {
    const first = await k.note('the recycling goes out on Tuesday');
    const second = await k.note('remember: the bike chain needs oil before Saturday');
    const third = await k.note('the smoke alarm battery is flat');
    await belief('The attic window is stuck.');
    const edited = await belief('The loft hatch squeaks.');
    k.model.always('recycling', reply(claim('The recycling goes out on Tuesday.', 'the recycling goes out')));
    k.model.always('bike chain', reply(claim('The bike chain needs oil.', 'the bike chain needs oil')));
    k.model.always(
      'smoke alarm',
      reply(claim('The smoke alarm battery is flat.', 'smoke alarm battery is flat')),
    );
    let chatTurn = 0;
    const run = await k
      .runner(
        // the edit lands in the second batch, the chat turn's memory in the middle of the first
        { batchSize: 2 },
        {
          hooks: {
            afterNote: async (note) => {
              if (note.id !== first.id) return;
              chatTurn = (await belief('The bike chain needs oil')).id;
              await k.store.update(edited.id, { content: 'The smoke alarm battery is flat.' });
            },
          },
        },
      )
      .consolidateSlice(alice, manual);
    assert.equal(run.status, 'ok');
    assert.deepEqual([run.counters.beliefsWritten, run.counters.corroborated], [1, 2]);
    const rows = await beliefs(k.db);
    assert.deepEqual(rows.find((b) => b.id === chatTurn)?.sources, [second.id]);
    assert.deepEqual(rows.find((b) => b.id === edited.id)?.sources, [third.id]);
  });

  it('never matches a belief outside the claim’s slice, nor one no longer live, however similar', async () => {
    const text = 'Max takes swimming lessons on Saturdays.';
    const first = await k.note('the recycling goes out on Tuesday');
    const second = await k.note('Max takes swimming lessons on Saturdays');
    await belief(text, { workspace: null, ownerUserId: 'bob' });
    await belief(text, { workspace: null, ownerUserId: null });
    await belief(text, { workspace: 'cabin', ownerUserId: 'alice' });
    const archived = await belief(text);
    await k.db.query('UPDATE memories SET archived_at = updated_at WHERE id = ?', [archived.id]);
    const superseded = await belief(text);
    await k.store.create(
      { content: text, expiresAt: new Date(k.clock.now.getTime() + 60_000).toISOString() },
      { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' },
    );
    k.model.always('recycling', reply(claim('The recycling goes out on Tuesday.', 'the recycling goes out')));
    k.model.always('swimming', reply(claim(text, 'Max takes swimming lessons on Saturdays')));
    const run = await k
      .runner(
        {},
        {
          hooks: {
            // after the index was loaded with the live ones: a neighbour's new belief (seen only by the catch-up),
            // a supersession and an expiry
            afterNote: async (note) => {
              if (note.id !== first.id) return;
              await belief(text, { workspace: null, ownerUserId: 'bob' });
              await k.store.supersede(superseded.id, archived.id);
              k.clock.now = new Date(k.clock.now.getTime() + 120_000);
            },
          },
        },
      )
      .consolidateSlice(alice, manual);
    assert.deepEqual([run.counters.beliefsWritten, run.counters.corroborated], [2, 0]);
    const fromSecond = (await beliefs(k.db)).filter((b) => b.sources.includes(second.id));
    assert.deepEqual(
      fromSecond.map((b) => [b.content, b.owner, b.workspace, b.sources.length]),
      [[text, 'alice', null, 1]],
      'a new belief of its own, nothing corroborated',
    );
  });

  it('matches in the claim’s slice only, the neighbours’ identical beliefs notwithstanding', async () => {
    const text = 'The dentist is Dr Molar on Elm Street.';
    const neighbours: MemorySlice[] = [
      { workspace: null, ownerUserId: 'bob' },
      { workspace: null, ownerUserId: null },
      { workspace: 'cabin', ownerUserId: 'alice' },
      { workspace: 'cabin', ownerUserId: null },
    ];
    for (const slice of neighbours) await belief(text, slice);
    const deduper = new Deduper(k.db, k.store, options, undefined, () => k.clock.now);
    assert.equal((await deduper.find(aliceBeliefs, { content: text, kind: 'fact' }, false)).match, null);
    // written after the index was loaded: found by the catch-up, which must keep to the slice just the same
    for (const slice of neighbours) await belief(text, slice);
    assert.equal((await deduper.find(aliceBeliefs, { content: text, kind: 'fact' }, false)).match, null);
    const own = await belief(text);
    const found = await deduper.find(aliceBeliefs, { content: text, kind: 'fact' }, false);
    assert.equal(found.match?.memory.id, own.id);
    for (const slice of neighbours) {
      const theirs = await new Deduper(k.db, k.store, options, undefined, () => k.clock.now).find(
        slice,
        { content: text, kind: 'fact' },
        false,
      );
      assert.equal(theirs.match?.memory.ownerUserId, slice.ownerUserId);
      assert.equal(theirs.match?.memory.workspace, slice.workspace);
    }
  });

  it('finds a belief that committed after a younger one was read (an older id and time) from the next re-read', async () => {
    const text = 'The spare key is under the blue flowerpot.';
    await belief('Grandma visits on Sundays.');
    const gap = await belief('The bins go out on Monday night.');
    await belief('The car is due for its inspection in May.');
    await k.db.query('DELETE FROM memories WHERE id = ?', [gap.id]);
    const view = (await SliceBeliefs.load(k.db, aliceBeliefs, () => k.clock.now))!;
    // what a PostgreSQL writer whose sequence value came first, but whose commit came last, leaves behind
    const late = await belief(text);
    await k.db.query('UPDATE memories SET id = ?, updated_at = ? WHERE id = ?', [
      gap.id,
      toDbTime(new Date(k.clock.now.getTime() - 2000)),
      late.id,
    ]);
    const words = wordSet(text);
    assert.equal(await view.best(words, 0.6), null, 'the id catch-up cannot see it');
    await view.sync();
    assert.equal((await view.best(words, 0.6))?.memory.id, gap.id);
  });

  it('drops a belief archived during the pass, and above the cap searches the store instead', async () => {
    const text = 'The wifi password is on the fridge.';
    const gone = await belief(text);
    const view = await SliceBeliefs.load(k.db, aliceBeliefs, () => k.clock.now);
    assert.equal(view?.size, 1);
    await k.db.query('UPDATE memories SET archived_at = updated_at WHERE id = ?', [gone.id]);
    assert.equal(await view!.best(new Set(['wifi', 'password', 'fridge']), 0.6), null);
    assert.equal(view!.size, 0);
    await belief('Grandma visits on Sundays.');
    await belief(text);
    assert.equal(await SliceBeliefs.load(k.db, aliceBeliefs, () => k.clock.now, 1), null);
    const capped = new Deduper(k.db, k.store, options, undefined, () => k.clock.now, 1);
    const { match } = await capped.find(aliceBeliefs, { content: text, kind: 'fact' }, false);
    assert.equal(match?.memory.content, text);
  });
});
