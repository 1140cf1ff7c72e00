// Bad notes: malformed or timed-out extractions are retried across runs, then retired loudly; the run goes on.
import assert from 'node:assert/strict';
import { alice, beliefs, claim, type DreamKit, extractedTexts, openDreamKit, reply } from './dream-kit.ts';

const manual = { cause: 'manual' as const, semantic: false };

describe('Dream failure semantics', () => {
  let k: DreamKit;
  beforeEach(async () => {
    k = await openDreamKit();
  });
  afterEach(() => k.close());

  it('a malformed extraction never aborts the run: later notes are consolidated and the cursor passes it', async () => {
    await k.note('garbled material here');
    const good = await k.note('the piano tuner comes on Fridays');
    k.model.always('garbled material', { content: 'Sure! Here are some thoughts, but no JSON.' });
    k.model.always(
      'piano tuner',
      reply(claim('The piano tuner comes on Fridays.', 'piano tuner comes on Fridays')),
    );
    const run = await k.runner().consolidateSlice(alice, manual);
    assert.equal(run.status, 'ok');
    assert.equal(run.counters.noteFailures, 1);
    assert.equal(run.counters.beliefsWritten, 1);
    assert.equal(await k.runner().cursors.position(alice), good.seq);
    const pending = await k.runner().retries.pending(alice);
    assert.deepEqual(
      pending.map((p) => [p.attempts, p.lastReason]),
      [[1, 'malformed']],
    );
  });

  it('retries a malformed note once per run and retires it, recorded with its reason, after the third', async () => {
    const bad = await k.note('a note the model cannot read');
    k.model.always('cannot read', { malformed: true });
    const r1 = await k.runner().consolidateSlice(alice, manual);
    const r2 = await k.runner().consolidateSlice(alice, manual);
    assert.equal(r1.counters.notesRetired + r2.counters.notesRetired, 0);
    assert.equal((await k.runner().retries.pending(alice))[0].attempts, 2);
    const r3 = await k.runner().consolidateSlice(alice, manual);
    assert.equal(r3.counters.noteFailures, 1);
    assert.equal(r3.counters.notesRetired, 1);
    assert.match(r3.report, /Retired notes[\s\S]*note \d+: malformed after 3 attempts/);
    assert.equal((await k.runner().retries.pending(alice)).length, 0);
    const retired = await k.runner().retries.retired();
    assert.equal(retired.length, 1);
    assert.equal(retired[0].noteId, bad.id);
    assert.equal(retired[0].reason, 'malformed');
    assert.equal(retired[0].attempts, 3);
    assert.equal(retired[0].runId, r3.runId);
    const text = await k.metrics.registry.getSingleMetricAsString('quorra_dream_notes_retired_total');
    assert.match(text, /reason="malformed"} 1/);

    const r4 = await k.runner().consolidateSlice(alice, manual);
    assert.equal(r4.counters.notesRead, 0);
    assert.equal(extractedTexts(k.model).length, 3, 'three attempts, then never again');
  });

  it('treats a timed-out extraction the same way: three attempts across runs, then retired as a timeout', async () => {
    await k.note('a note that takes forever');
    k.model.always('takes forever', { delayMs: 1500, content: '[]' });
    const runner = () => k.runner({ extractionTimeoutMs: 150 });
    for (let i = 0; i < 3; i++) await runner().consolidateSlice(alice, manual);
    const retired = await k.runner().retries.retired();
    assert.equal(retired.length, 1);
    assert.equal(retired[0].reason, 'timeout');
    const runs = await k.runner().runs.recent(3);
    assert.deepEqual(
      runs.map((r) => [r.status, r.counters.noteFailures]),
      [
        ['ok', 1],
        ['ok', 1],
        ['ok', 1],
      ],
    );
  });

  it('a note that succeeds on its retry leaves the queue and writes its beliefs', async () => {
    const n = await k.note('the recycling goes out on Tuesdays');
    k.model.on('recycling', { content: '[{"kind": "fact", "content": ' });
    k.model.always(
      'recycling',
      reply(claim('Recycling goes out on Tuesdays.', 'recycling goes out on Tuesdays')),
    );
    const first = await k.runner().consolidateSlice(alice, manual);
    assert.equal(first.counters.noteFailures, 1);
    const second = await k.runner().consolidateSlice(alice, manual);
    assert.equal(second.counters.beliefsWritten, 1);
    assert.equal((await k.runner().retries.pending(alice)).length, 0);
    assert.deepEqual(
      (await beliefs(k.db)).map((b) => b.sources),
      [[n.id]],
    );
  });

  it('a request the endpoint refuses for this note (400) is retried and retired like a malformed one', async () => {
    await k.note('a note the endpoint refuses');
    k.model.always('endpoint refuses', { status: 400 });
    for (let i = 0; i < 3; i++) await k.runner().consolidateSlice(alice, manual);
    const retired = await k.runner().retries.retired();
    assert.deepEqual(
      retired.map((r) => r.reason),
      ['rejected'],
    );
  });
});
