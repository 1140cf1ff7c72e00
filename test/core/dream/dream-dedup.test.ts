// Claims into beliefs: the quote check, noop vs corroborate vs new, the semantic second pass, the echo guard.
import assert from 'node:assert/strict';
import type { Embedder } from '../../../core/dream/dedup.ts';
import type { NoteSlice } from '../../../core/memory/note-input.ts';
import { alice, beliefShape, beliefs, claim, type DreamKit, openDreamKit, reply } from './dream-kit.ts';

const manual = { cause: 'manual' as const, semantic: false };
const semantic = { cause: 'manual' as const, semantic: true };
const SWIM = 'Max takes swimming lessons on Saturdays.';
const SWIM_PARAPHRASE = 'On Saturdays Max has his swim lessons.';

describe('Dream dedup and corroboration', () => {
  let k: DreamKit;
  beforeEach(async () => {
    k = await openDreamKit();
  });
  afterEach(() => k.close());

  it('drops a claim whose quote is not in the note, and accepts one that differs only in whitespace', async () => {
    await k.note('Max   is allergic\nto peanuts, we carry an EpiPen.');
    k.model.always(
      'allergic',
      reply(
        claim('Max is allergic to peanuts.', 'Max is allergic to peanuts'),
        claim('Max carries an EpiPen for his allergy.', 'we carry an EpiPen'),
        claim('Max is allergic to cashews.', 'allergic to cashews'),
      ),
    );
    const run = await k.runner().consolidateSlice(alice, manual);
    assert.equal(run.counters.droppedNoQuote, 1);
    assert.equal(run.counters.beliefsWritten, 2);
    assert.deepEqual(
      (await beliefs(k.db)).map((b) => b.content),
      ['Max is allergic to peanuts.', 'Max carries an EpiPen for his allergy.'],
    );
    const rows: { quote: string }[] = await k.db.query('SELECT quote FROM memories ORDER BY id');
    assert.equal(rows[0].quote, 'Max is allergic to peanuts');
  });

  it('noop for the same source, corroboration (+0.02, source appended) for a new one, new belief otherwise', async () => {
    const first = await k.note('Olivia said the boiler service is due in March');
    const second = await k.note('Reminder from the landlord: boiler service due in March!');
    const third = await k.note('The garden hose is in the shed');
    k.model.always(
      'Olivia said',
      reply(
        claim('The boiler service is due in March.', 'the boiler service is due in March', {
          confidence: 0.7,
        }),
        claim('Boiler service is due in March.', 'boiler service is due in March'),
      ),
    );
    k.model.always(
      'landlord',
      reply(claim('The boiler service is due in March.', 'boiler service due in March')),
    );
    k.model.always(
      'hose',
      reply(claim('The garden hose is kept in the shed.', 'garden hose is in the shed')),
    );
    const run = await k.runner().consolidateSlice(alice, manual);
    assert.deepEqual(
      [run.counters.beliefsWritten, run.counters.deduped, run.counters.corroborated],
      [2, 1, 1],
    );
    const [boiler, hose] = await beliefs(k.db);
    assert.deepEqual(boiler.sources, [first.id, second.id]);
    assert.equal(boiler.confidence, 0.72);
    assert.deepEqual(hose.sources, [third.id]);
  });

  it('caps corroborated confidence at 1', async () => {
    await k.note('The wifi password is on the fridge');
    await k.note('wifi password: on the fridge, as always');
    k.model.always(
      'wifi',
      reply(claim('The wifi password is on the fridge.', 'wifi password', { confidence: 0.99 })),
    );
    await k.runner().consolidateSlice(alice, manual);
    const [b] = await beliefs(k.db);
    assert.equal(b.confidence, 1);
    assert.equal(b.sources.length, 2);
  });

  it('never dedups across slices: the same claim in another member’s slice is a new belief', async () => {
    const bob: NoteSlice = { workspace: null, visibility: 'private', ownerUserId: 'bob' };
    await k.note('the dentist is Dr Molar', { slice: alice });
    await k.note('the dentist is Dr Molar', { slice: bob });
    k.model.always('dentist', reply(claim('The dentist is Dr Molar.', 'the dentist is Dr Molar')));
    await k.runner().consolidateSlice(alice, manual);
    const run = await k.runner().consolidateSlice(bob, manual);
    assert.equal(run.counters.beliefsWritten, 1);
    assert.deepEqual(
      (await beliefs(k.db)).map((b) => b.owner),
      ['alice', 'bob'],
    );
  });

  describe('semantic second pass', () => {
    async function paraphraseScript(kit: DreamKit) {
      await kit.note('Max takes swimming lessons on Saturdays at the pool');
      await kit.note('on Saturdays Max has his swim lessons, 9am');
      kit.model.always('at the pool', reply(claim(SWIM, 'Max takes swimming lessons on Saturdays')));
      kit.model.always('9am', reply(claim(SWIM_PARAPHRASE, 'on Saturdays Max has his swim lessons')));
    }

    it('adds a match word overlap missed (a paraphrase corroborates instead of duplicating)', async () => {
      await paraphraseScript(k);
      const run = await k.runner({ cosineThreshold: 0.8 }).consolidateSlice(alice, semantic);
      assert.equal(run.counters.semanticMatches, 1);
      assert.equal(run.counters.corroborated, 1);
      assert.equal((await beliefs(k.db)).length, 1);
      assert.ok(k.model.requests.some((r) => r.path.endsWith('/embeddings')));
    });

    it('with the flag off the outcome is exactly the Jaccard-only path, and nothing is embedded', async () => {
      await paraphraseScript(k);
      const jaccardOnly = await openDreamKit(k.model);
      try {
        await paraphraseScript(jaccardOnly);
        const off = await k.runner({ cosineThreshold: 0.8 }).consolidateSlice(alice, manual);
        const none = await jaccardOnly.runner({}, { embedder: null }).consolidateSlice(alice, manual);
        assert.deepEqual(await beliefShape(k.db), await beliefShape(jaccardOnly.db));
        assert.deepEqual(off.counters, none.counters);
        assert.equal(off.counters.beliefsWritten, 2);
        assert.ok(!k.model.requests.some((r) => r.path.endsWith('/embeddings')));
      } finally {
        await jaccardOnly.close();
      }
    });

    it('never removes a Jaccard match, even when the embeddings say the texts differ', async () => {
      await k.note('the bins go out on Monday night');
      await k.note('bins out on Monday night, do not forget');
      k.model.always('bins', reply(claim('The bins go out on Monday night.', 'Monday night')));
      let embedCalls = 0;
      const orthogonal: Embedder = {
        async embed(texts) {
          embedCalls++;
          return texts.map((_, i) => Array.from({ length: texts.length }, (_, j) => (i === j ? 1 : 0)));
        },
      };
      const run = await k.runner({}, { embedder: orthogonal }).consolidateSlice(alice, semantic);
      assert.equal(run.counters.corroborated, 1);
      assert.equal(embedCalls, 0, 'a Jaccard match is final: the semantic pass is not even asked');
    });

    it('falls back cleanly to the Jaccard result when the embedder fails', async () => {
      await paraphraseScript(k);
      k.model.embeddingFailures = 10;
      const run = await k.runner({ cosineThreshold: 0.8 }).consolidateSlice(alice, semantic);
      assert.equal(run.status, 'ok');
      assert.equal(run.counters.semanticFallbacks, 1);
      assert.equal(run.counters.semanticMatches, 0);
      assert.equal(run.counters.beliefsWritten, 2);
    });

    it('respects embedding exclusions by source kind and by workspace', async () => {
      await paraphraseScript(k);
      const byKind = await k
        .runner({ cosineThreshold: 0.8, embeddingExcludedSourceKinds: ['notepad'] })
        .consolidateSlice(alice, semantic);
      assert.equal(byKind.counters.semanticMatches, 0);
      assert.equal(byKind.counters.beliefsWritten, 2);
      const cabin: NoteSlice = { workspace: 'cabin', visibility: 'private', ownerUserId: 'alice' };
      await k.note('Max takes swimming lessons on Saturdays at the pool', { slice: cabin });
      await k.note('on Saturdays Max has his swim lessons, 9am', { slice: cabin });
      const byWorkspace = await k
        .runner({ cosineThreshold: 0.8, embeddingExcludedWorkspaces: ['cabin'] })
        .consolidateSlice(cabin, semantic);
      assert.equal(byWorkspace.counters.beliefsWritten, 2);
      assert.ok(!k.model.requests.some((r) => r.path.endsWith('/embeddings')));
    });
  });

  describe('echo guard', () => {
    it('Quorra restating a belief never corroborates it, whatever the model quotes', async () => {
      const origin = await k.note('I love oat milk in my coffee, nothing else');
      k.model.always(
        'nothing else',
        reply(claim('Olivia prefers oat milk in her coffee.', 'I love oat milk in my coffee')),
      );
      await k.runner().consolidateSlice(alice, manual);
      const echo = await k.note(
        'User (Olivia): what milk do I like again?\nQuorra: You prefer oat milk in your coffee.',
        {
          kind: 'chat_turn',
        },
      );
      k.model.always(
        'what milk',
        reply(
          claim('Olivia prefers oat milk in her coffee.', 'You prefer oat milk in your coffee.'),
          claim('Olivia prefers oat milk in coffee.', 'what milk do I like again?'),
        ),
      );
      const run = await k.runner().consolidateSlice(alice, manual);
      assert.equal(run.counters.droppedNoQuote, 1, 'a quote from Quorra’s line is no quote');
      assert.equal(run.counters.droppedEcho, 1, 'a person’s question does not support Quorra’s answer');
      assert.equal(run.counters.corroborated, 0);
      const [b] = await beliefs(k.db);
      assert.deepEqual(b.sources, [origin.id]);
      assert.equal(b.confidence, 0.8);
      assert.notEqual(echo.id, origin.id);
    });

    it('a person restating it in their own words does corroborate', async () => {
      await k.note('I love oat milk in my coffee, nothing else');
      k.model.always(
        'nothing else',
        reply(claim('Olivia prefers oat milk in her coffee.', 'I love oat milk in my coffee')),
      );
      await k.runner().consolidateSlice(alice, manual);
      await k.note(
        'User (Olivia): remember, I prefer oat milk in my coffee\nQuorra: Of course, oat milk it is.',
        {
          kind: 'chat_turn',
        },
      );
      k.model.always(
        'remember',
        reply(claim('Olivia prefers oat milk in her coffee.', 'I prefer oat milk in my coffee')),
      );
      const run = await k.runner().consolidateSlice(alice, manual);
      assert.equal(run.counters.corroborated, 1);
    });
  });
});
