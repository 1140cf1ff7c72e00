// Reconciliation: contradictions kept as validity intervals and put to the owner, promotion, orphans, no deletes.
import assert from 'node:assert/strict';
import { alice, beliefs, claim, type DreamKit, openDreamKit, reply } from './dream-kit.ts';

const manual = { cause: 'manual' as const, semantic: false };

describe('Dream reconciliation', () => {
  let k: DreamKit;
  beforeEach(async () => {
    k = await openDreamKit();
  });
  afterEach(() => k.close());

  async function carNotes() {
    const t1 = new Date('2030-03-01T10:00:00Z');
    const t2 = new Date('2030-05-01T10:00:00Z');
    await k.note('My car is a blue Volvo estate', { at: t1 });
    await k.note('Sold the Volvo, my car is now a red Tesla', { at: t2 });
    const subject = { kind: 'entity', subject: "Olivia's car" };
    k.model.always(
      'blue Volvo',
      reply(claim("Olivia's car is a blue Volvo estate.", 'My car is a blue Volvo estate', subject)),
    );
    k.model.always(
      'red Tesla',
      reply(claim("Olivia's car is a red Tesla.", 'my car is now a red Tesla', subject)),
    );
    return { t1, t2 };
  }

  it('keeps both beliefs, ends the older one’s validity when the newer was stated, and tells the owner', async () => {
    const { t2 } = await carNotes();
    const run = await k.runner().consolidateSlice(alice, manual);
    assert.equal(run.counters.beliefsWritten, 2);
    assert.equal(run.counters.contradictions, 1);
    const [volvo, tesla] = await beliefs(k.db);
    assert.equal(volvo.supersededBy, tesla.id);
    assert.equal(volvo.validUntil?.toISOString(), t2.toISOString());
    assert.equal(volvo.archivedAt, null, 'superseded is history, not deleted or archived');
    assert.equal(tesla.supersededBy, null);
    const reviews = await k.runner().reconciler.openReviews();
    assert.equal(reviews.length, 1);
    assert.deepEqual([reviews[0].older.id, reviews[0].newer.id], [volvo.id, tesla.id]);
    assert.equal(k.reviews.length, 1, 'the owner was notified');
    assert.match(run.report, /Contradictions to review[\s\S]*blue Volvo[\s\S]*red Tesla/);
    const visible = await k.store.recall({ userId: 'alice', workspace: null }, { text: 'car' });
    assert.deepEqual(
      visible.map((v) => v.memory.id),
      [tesla.id],
    );
  });

  it('orders by when things were stated: a back-dated note cannot supersede a newer belief', async () => {
    await k.note('Sold the Volvo, my car is now a red Tesla', { at: new Date('2030-05-01T10:00:00Z') });
    await k.note('My car is a blue Volvo estate', { at: new Date('2030-03-01T10:00:00Z') });
    const subject = { kind: 'entity', subject: "Olivia's car" };
    k.model.always(
      'blue Volvo',
      reply(claim("Olivia's car is a blue Volvo estate.", 'My car is a blue Volvo estate', subject)),
    );
    k.model.always(
      'red Tesla',
      reply(claim("Olivia's car is a red Tesla.", 'my car is now a red Tesla', subject)),
    );
    await k.runner().consolidateSlice(alice, manual);
    const [tesla, volvo] = await beliefs(k.db);
    assert.equal(volvo.supersededBy, tesla.id);
    assert.equal(tesla.supersededBy, null);
  });

  it('is idempotent: replaying the notes changes nothing and raises no second review', async () => {
    await carNotes();
    await k.runner().consolidateSlice(alice, manual);
    const before = await beliefs(k.db);
    await k.db.query('DELETE FROM dream_cursor');
    const replay = await k.runner().consolidateSlice(alice, manual);
    assert.equal(replay.counters.contradictions, 0);
    assert.equal(replay.counters.beliefsWritten, 0);
    assert.deepEqual(await beliefs(k.db), before);
    assert.equal((await k.runner().reconciler.openReviews()).length, 1);
  });

  it('same subject but a near-duplicate is corroboration, not a contradiction; other subjects never clash', async () => {
    await k.note('Max is allergic to peanuts');
    await k.note('Max: allergic to peanuts, confirmed by the GP');
    await k.note('Max is allergic to cats');
    const s = { kind: 'constraint', subject: "Max's allergies" };
    k.model.always('GP', reply(claim('Max is allergic to peanuts.', 'allergic to peanuts', s)));
    k.model.always(
      'cats',
      reply(
        claim('Max is allergic to cats.', 'Max is allergic to cats', {
          kind: 'constraint',
          subject: 'Max cats',
        }),
      ),
    );
    k.model.always('peanuts', reply(claim('Max is allergic to peanuts.', 'Max is allergic to peanuts', s)));
    const run = await k.runner().consolidateSlice(alice, manual);
    assert.equal(run.counters.contradictions, 0);
    assert.equal(run.counters.corroborated, 1);
    assert.ok((await beliefs(k.db)).every((b) => b.supersededBy === null));
  });

  it('promotes contextual beliefs referenced or corroborated repeatedly to core', async () => {
    for (const n of [
      'the spare key is in the blue pot',
      'spare key: blue pot',
      'key is in the blue pot again',
    ])
      await k.note(n);
    k.model.always('pot', reply(claim('The spare key is in the blue pot.', 'blue pot')));
    const used = await k.store.create(
      { content: 'Alice parks on level 2' },
      { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' },
    );
    await k.store.markReferenced([used.id]);
    await k.store.markReferenced([used.id]);
    await k.store.markReferenced([used.id]);
    const run = await k.runner().consolidateSlice(alice, manual);
    assert.equal(run.counters.promoted, 2);
    const rows = await beliefs(k.db);
    assert.deepEqual(
      rows.map((r) => r.importance),
      ['core', 'core'],
    );
    const again = await k.runner().consolidateSlice(alice, manual);
    assert.equal(again.counters.promoted, 0);
  });

  it('archives orphan rows (never deletes) and leaves stated memories without tags alone', async () => {
    await k.db.query(
      "INSERT INTO memories (content, owner_user_id, workspace, importance, kind, tags, confidence, stability, provenance, source_note_ids, surface_once, reference_count, created_at, updated_at) VALUES ('  ', 'alice', NULL, 'contextual', 'fact', '[]', 0.5, 'stable', 'imported', '[]', FALSE, 0, '2030-01-01 00:00:00.000', '2030-01-01 00:00:00.000')",
    );
    const gone = await k.note('a note that will be removed');
    const inferred = await k.store.create(
      { content: 'Something inferred from a removed note' },
      { ownerUserId: 'alice', workspace: null, provenance: 'model_inference', sourceNoteIds: [gone.id] },
    );
    await k.notes.remove(gone.id);
    const stated = await k.store.create(
      { content: 'Alice likes jazz' },
      { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' },
    );
    await k.note('a fresh note so the slice has work');
    const run = await k.runner().consolidateSlice(alice, manual);
    assert.equal(run.counters.archived, 2);
    const rows = await beliefs(k.db);
    assert.equal(rows.length, 3, 'nothing hard-deleted');
    assert.ok(rows.find((r) => r.content.trim() === '')?.archivedAt);
    assert.ok(rows.find((r) => r.id === inferred.id)?.archivedAt);
    assert.equal(rows.find((r) => r.id === stated.id)?.archivedAt, null);
  });
});
