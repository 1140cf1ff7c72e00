// Dream batching: short notes share one extraction call, each note keeps its own claims, checks and retries.
import assert from 'node:assert/strict';
import { planGroups } from '../../../core/dream/batch-extraction.ts';
import { alice, beliefs, claim, type DreamKit, openDreamKit } from './dream-kit.ts';

const manual = { cause: 'manual' as const, semantic: false };

/** The note texts of one request: a batch's numbered notes, or a single note. */
function notesIn(body: { messages: Array<{ content: unknown }> }): string[] {
  const text = String(body.messages.at(-1)?.content);
  const numbered = [...text.matchAll(/<note n="\d+">\n([\s\S]*?)\n<\/note>/g)].map((m) => m[1]);
  if (numbered.length > 0) return numbered.map((t) => t.split('\n').slice(2).join('\n'));
  return [/<note>\n([\s\S]*)\n<\/note>/.exec(text)?.[1] ?? ''];
}

describe('Dream extraction batches', () => {
  let k: DreamKit;
  beforeEach(async () => {
    k = await openDreamKit();
  });
  afterEach(() => k.close());

  it('groups short notes in order up to the token budget and the note cap, a long note alone', () => {
    const n = (chars: number, id: number) => ({ id, text: 'x'.repeat(chars) });
    const notes = [n(40, 1), n(40, 2), n(40, 3), n(2000, 4), n(40, 5), n(400, 6), n(400, 7), n(40, 8)];
    const ids = (groups: Array<Array<{ id: number }>>) => groups.map((g) => g.map((x) => x.id));
    // 40 chars = 34 tokens, 400 = 124, 2000 = 524 (over half of 600: alone)
    assert.deepEqual(ids(planGroups(notes, { budgetTokens: 600, maxNotes: 16 })), [
      [1, 2, 3],
      [4],
      [5, 6, 7, 8],
    ]);
    assert.deepEqual(ids(planGroups(notes, { budgetTokens: 600, maxNotes: 2 })), [
      [1, 2],
      [3],
      [4],
      [5, 6],
      [7, 8],
    ]);
    assert.deepEqual(ids(planGroups(notes, { budgetTokens: 300, maxNotes: 16 })), [
      [1, 2, 3],
      [4],
      [5, 6, 7],
      [8],
    ]);
    assert.deepEqual(
      ids(planGroups(notes, { budgetTokens: 0, maxNotes: 16 })),
      notes.map((x) => [x.id]),
    );
  });

  it('extracts short notes in one call and attributes each claim to its own note', async () => {
    const a = await k.note('the piano tuner comes on Fridays');
    const b = await k.note('Leo is allergic to peanuts');
    k.model.always((body) => notesIn(body).length === 2, {
      content: JSON.stringify([
        { note: 1, beliefs: [claim('The piano tuner comes on Fridays.', 'piano tuner comes on Fridays')] },
        { note: 2, beliefs: [claim('Leo is allergic to peanuts.', 'Leo is allergic to peanuts')] },
      ]),
    });
    const run = await k.runner({}, { batch: true }).consolidateSlice(alice, manual);
    assert.equal(run.status, 'ok');
    assert.equal(k.model.chatRequests().length, 1);
    assert.equal(run.counters.notesRead, 2);
    const rows = await beliefs(k.db);
    assert.deepEqual(
      rows.map((r) => [r.content, r.sources]),
      [
        ['The piano tuner comes on Fridays.', [a.id]],
        ['Leo is allergic to peanuts.', [b.id]],
      ],
    );
    const text = await k.metrics.registry.getSingleMetricAsString('quorra_dream_extraction_batches_total');
    assert.match(text, /_total 1/);
  });

  it('extracts a note the batch answer left out again on its own, without counting a failure', async () => {
    await k.note('the piano tuner comes on Fridays');
    const left = await k.note('the bins go out on Tuesday night');
    await k.note('Leo is allergic to peanuts');
    k.model.on((body) => notesIn(body).length === 3, {
      content: JSON.stringify([
        { note: 1, beliefs: [claim('The piano tuner comes on Fridays.', 'piano tuner comes on Fridays')] },
        { note: 3, beliefs: [claim('Leo is allergic to peanuts.', 'Leo is allergic to peanuts')] },
      ]),
    });
    k.model.on((body) => notesIn(body).length === 1 && notesIn(body)[0].includes('bins'), {
      content: JSON.stringify([claim('The bins go out on Tuesday night.', 'bins go out on Tuesday night')]),
    });
    const run = await k.runner({}, { batch: true }).consolidateSlice(alice, manual);
    assert.equal(run.status, 'ok');
    assert.equal(run.counters.notesRead, 3);
    assert.equal(run.counters.noteFailures, 0);
    assert.equal(run.counters.beliefsWritten, 3);
    const calls = k.model.chatRequests().map((r) => notesIn(r.body).length);
    assert.deepEqual(calls, [3, 1]);
    const bins = (await beliefs(k.db)).find((r) => r.content.includes('bins'));
    assert.deepEqual(bins?.sources, [left.id]);
    assert.equal((await k.runner().retries.pending(alice)).length, 0);
  });

  it('drops a claim whose quote is not in its own note, keeping the other notes’ claims', async () => {
    await k.note('the piano tuner comes on Fridays');
    const b = await k.note('Leo is allergic to peanuts');
    k.model.on((body) => notesIn(body).length === 2, {
      content: JSON.stringify([
        // note 1's claim quotes note 2: the words are in the batch, but not in the note it is attributed to
        { note: 1, beliefs: [claim('Leo is allergic to peanuts.', 'Leo is allergic to peanuts')] },
        { note: 2, beliefs: [claim('Leo has a peanut allergy.', 'allergic to peanuts')] },
      ]),
    });
    const run = await k.runner({}, { batch: true }).consolidateSlice(alice, manual);
    assert.equal(run.counters.droppedNoQuote, 1);
    assert.equal(run.counters.noteFailures, 0);
    const rows = await beliefs(k.db);
    assert.deepEqual(
      rows.map((r) => [r.content, r.sources]),
      [['Leo has a peanut allergy.', [b.id]]],
    );
  });

  it('falls back to one call per note when the batch answer is unreadable, and retries stay per note', async () => {
    await k.note('the piano tuner comes on Fridays');
    const bad = await k.note('a note the model cannot read');
    k.model.on((body) => notesIn(body).length === 2, { content: 'Sure! No JSON today.' });
    k.model.always('piano tuner', {
      content: JSON.stringify([claim('The piano tuner comes on Fridays.', 'piano tuner comes on Fridays')]),
    });
    k.model.always('cannot read', { malformed: true });
    const run = await k.runner({}, { batch: true }).consolidateSlice(alice, manual);
    assert.equal(run.status, 'ok');
    assert.equal(run.counters.beliefsWritten, 1);
    assert.equal(run.counters.noteFailures, 1);
    const pending = await k.runner().retries.pending(alice);
    assert.deepEqual(
      pending.map((p) => [p.noteId, p.attempts, p.lastReason]),
      [[bad.id, 1, 'malformed']],
    );
  });
});
