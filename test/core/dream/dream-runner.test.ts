// The pass over one slice: ingestion order, batches behind a durable cursor, crashes and infrastructure failures.
import assert from 'node:assert/strict';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import type { Note } from '../../../core/memory/note.entity.ts';
import {
  alice,
  beliefShape,
  beliefs,
  claim,
  type DreamKit,
  extractedTexts,
  openDreamKit,
  reply,
} from './dream-kit.ts';

const manual = { cause: 'manual' as const, semantic: false };
const WORDS = 'kettle boiler garden piano bicycle window ladder printer lantern carpet'.split(' ');
const COLOURS = 'amber cobalt crimson emerald ivory jade magenta ochre saffron teal'.split(' ');
/** The i-th of ten notes that share no meaningful word with each other. */
const distinct = (i: number) => `the ${COLOURS[i]} ${WORDS[i]} belongs upstairs`;

/** Scripts one belief per note, quoting the note's whole text. */
function echoEachNote(k: DreamKit) {
  k.model.always(
    () => true,
    (body) => {
      const text = /<note>\n([\s\S]*)\n<\/note>/.exec(body.messages.at(-1).content)?.[1] ?? '';
      return reply(claim(text, text));
    },
  );
}

describe('Dream pass over a slice', () => {
  let k: DreamKit;
  beforeEach(async () => {
    k = await openDreamKit();
  });
  afterEach(() => k.close());

  it('reads notes strictly in ingestion order, in bounded batches, moving the cursor after each', async () => {
    const same = new Date('2030-05-01T08:00:00Z');
    const notes: Note[] = [];
    // two notes share a timestamp and one is back-dated: order is the ingestion sequence, not occurred_at
    for (const [i, at] of [
      [0, same],
      [1, same],
      [2, new Date('2029-01-01T00:00:00Z')],
      [3, undefined],
      [4, undefined],
    ] as const)
      notes.push(await k.note(distinct(i), { at }));
    echoEachNote(k);
    const cursors: number[] = [];
    const run = await k
      .runner({ batchSize: 2 }, { hooks: { afterBatch: ({ cursor }) => void cursors.push(cursor) } })
      .consolidateSlice(alice, manual);
    assert.equal(run.status, 'ok');
    assert.deepEqual(extractedTexts(k.model), [0, 1, 2, 3, 4].map(distinct));
    assert.deepEqual(cursors, [notes[1].seq, notes[3].seq, notes[4].seq]);
    assert.equal(run.counters.notesRead, 5);
    assert.equal(run.counters.beliefsWritten, 5);
    const cursor = await k.runner().cursors.get(alice);
    assert.equal(cursor?.lastSeq, notes[4].seq);
    assert.equal(cursor?.lastNoteId, notes[4].id);
    const rows = await beliefs(k.db);
    assert.deepEqual(
      rows.map((b) => b.sources),
      notes.map((n) => [n.id]),
    );
    assert.ok(
      rows.every((b) => b.provenance === 'model_inference' && b.owner === 'alice' && b.workspace === null),
    );
  });

  it('never reprocesses committed notes, and picks an edited note up again under its new position', async () => {
    const a = await k.note('we keep the spare key under the blue pot');
    await k.note('the boiler code is 4411');
    echoEachNote(k);
    await k.runner().consolidateSlice(alice, manual);
    k.model.reset();
    echoEachNote(k);
    const idle = await k.runner().consolidateSlice(alice, manual);
    assert.equal(idle.counters.notesRead, 0);
    assert.equal(k.model.chatRequests().length, 0);

    k.clock.now = new Date(k.clock.now.getTime() + 60_000);
    await k.notes.edit(a.id, 'we keep the spare key under the red pot now');
    const again = await k.runner().consolidateSlice(alice, manual);
    assert.deepEqual(extractedTexts(k.model), ['we keep the spare key under the red pot now']);
    assert.equal(again.counters.notesRead, 1);
    assert.equal(again.counters.beliefsWritten, 1);
    assert.equal(again.counters.archived, 1, 'the reading of the old text is archived, not deleted');
    const rows = await beliefs(k.db);
    assert.equal(rows.length, 3);
    assert.equal(rows[0].content, 'we keep the spare key under the blue pot');
    assert.ok(rows[0].archivedAt);
    assert.equal(rows[2].content, 'we keep the spare key under the red pot now');
    assert.deepEqual(rows[2].sources, [a.id]);
    assert.equal(rows[2].archivedAt, null);
  });

  it('a crash between batches loses nothing and doubles nothing: the rerun continues after the cursor', async () => {
    for (let i = 1; i <= 7; i++) await k.note(distinct(i));
    echoEachNote(k);
    const reference = await openDreamKit(k.model);
    try {
      for (let i = 1; i <= 7; i++) await reference.note(distinct(i));
      await reference.runner({ batchSize: 3 }).consolidateSlice(alice, manual);
      k.model.reset();
      echoEachNote(k);

      let batches = 0;
      const crashed = await k
        .runner(
          { batchSize: 3 },
          {
            hooks: {
              afterBatch: () => {
                if (++batches === 1) throw new Error('killed');
              },
            },
          },
        )
        .consolidateSlice(alice, manual);
      assert.equal(crashed.status, 'error');
      assert.equal(await k.runner().cursors.position(alice), 3);
      const resumed = await k.runner({ batchSize: 3 }).consolidateSlice(alice, manual);
      assert.equal(resumed.status, 'ok');
      assert.equal(resumed.counters.notesRead, 4, 'only the notes after the committed batch');
      assert.equal(extractedTexts(k.model).length, 7, 'each note went to the model exactly once');
      assert.deepEqual(await beliefShape(k.db), await beliefShape(reference.db));
    } finally {
      await reference.close();
    }
  });

  it('a crash in the middle of a batch replays that batch without doubling a belief', async () => {
    for (let i = 1; i <= 6; i++) await k.note(distinct(i));
    echoEachNote(k);
    let seen = 0;
    const crashed = await k
      .runner(
        { batchSize: 4 },
        {
          hooks: {
            afterNote: () => {
              if (++seen === 3) throw new Error('killed mid-batch');
            },
          },
        },
      )
      .consolidateSlice(alice, manual);
    assert.equal(crashed.status, 'error');
    assert.equal(await k.runner().cursors.position(alice), 0, 'no batch was committed');
    assert.equal((await beliefs(k.db)).length, 3, 'three notes were written before the crash');

    const resumed = await k.runner({ batchSize: 4 }).consolidateSlice(alice, manual);
    assert.equal(resumed.status, 'ok');
    assert.equal(resumed.counters.deduped, 3, 'the replayed notes find their own beliefs');
    assert.equal(resumed.counters.beliefsWritten, 3);
    const rows = await beliefs(k.db);
    assert.equal(rows.length, 6);
    assert.equal(new Set(rows.map((r) => r.content)).size, 6);
    assert.ok(rows.every((r) => r.sources.length === 1 && r.confidence === 0.8));
  });

  it('an unhealthy model endpoint stops the pass and holds the cursor at the failing note', async () => {
    const notes = [
      await k.note(distinct(0)),
      await k.note(distinct(1)),
      await k.note('the endpoint fails here'),
    ];
    await k.note('never reached');
    k.model.on('the endpoint fails here', { status: 503 });
    echoEachNote(k);
    const run = await k.runner({ batchSize: 10 }).consolidateSlice(alice, manual);
    assert.equal(run.status, 'error');
    assert.match(run.error ?? '', /503/);
    assert.equal(await k.runner().cursors.position(alice), notes[1].seq);
    assert.equal(run.counters.noteFailures, 0, 'an outage never costs a note an attempt');
    assert.equal((await k.runner().retries.pending(alice)).length, 0);
    assert.ok(!extractedTexts(k.model).includes('never reached'));

    const next = await k.runner().consolidateSlice(alice, manual);
    assert.equal(next.status, 'ok');
    assert.equal(next.counters.notesRead, 2);
    assert.equal((await beliefs(k.db)).length, 4);
  });

  it('an unreachable endpoint writes nothing and keeps the cursor where it was', async () => {
    await k.note('nobody is listening');
    await k.model.close();
    const run = await k.runner().consolidateSlice(alice, manual);
    assert.equal(run.status, 'error');
    assert.match(run.error ?? '', /connection/i);
    assert.equal(await k.runner().cursors.position(alice), 0);
    assert.equal((await beliefs(k.db)).length, 0);
    assert.equal((await k.runner().retries.pending(alice)).length, 0);
  });

  it('a database failure mid-note stops the pass with the cursor held, and the rerun completes', async () => {
    const first = await k.note('first fine note');
    await k.note('database breaks here');
    echoEachNote(k);
    let broken = true;
    const original = MemoryStore.prototype.create;
    k.store.create = async function (this: MemoryStore, ...args) {
      if (broken && String(args[0].content).includes('database breaks'))
        throw new Error('SQLITE_IOERR: disk I/O error');
      return original.apply(this, args);
    };
    const run = await k.runner().consolidateSlice(alice, manual);
    assert.equal(run.status, 'error');
    assert.match(run.error ?? '', /SQLITE_IOERR/);
    assert.equal(await k.runner().cursors.position(alice), 0, 'held at the last committed batch');
    broken = false;
    const again = await k.runner().consolidateSlice(alice, manual);
    assert.equal(again.status, 'ok');
    const rows = await beliefs(k.db);
    assert.equal(rows.length, 2);
    assert.deepEqual(rows[0].sources, [first.id]);
    const recent = await k.runner().runs.recent(5);
    assert.deepEqual(
      recent.map((r) => r.status),
      ['ok', 'error'],
    );
  });
});
