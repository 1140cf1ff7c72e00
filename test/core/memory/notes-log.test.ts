// The notes log: ordered sequence numbers, re-sequencing on edit, per-slice batched reads, guests kept out.
import assert from 'node:assert/strict';
import type { ReservationPrincipal, UserPrincipal } from '../../../core/contracts/principal.ts';
import type { NoteSlice } from '../../../core/memory/note-input.ts';
import { NotesLog } from '../../../core/memory/notes-log.ts';
import { days, type MemoryDb, openMemoryDb } from './memory-db.ts';

const alice: UserPrincipal = { kind: 'user', userId: 'alice', role: 'owner', displayName: 'Alice' };
const guest: ReservationPrincipal = { kind: 'reservation', reservationId: 'res-1', workspace: 'rental' };
const alicePersonal: NoteSlice = { workspace: null, visibility: 'private', ownerUserId: 'alice' };
const bobPersonal: NoteSlice = { workspace: null, visibility: 'private', ownerUserId: 'bob' };
const rental: NoteSlice = { workspace: 'rental', visibility: 'workspace', ownerUserId: null };

describe('notes log', () => {
  let m: MemoryDb;
  let notes: NotesLog;

  beforeEach(async () => {
    m = await openMemoryDb();
    notes = new NotesLog(m.db, m.now);
  });
  afterEach(() => m.close());

  const jot = (slice: NoteSlice, text: string, occurredAt?: Date) =>
    notes.append({ slice, sourceKind: 'notepad', text, occurredAt });

  it('numbers appended notes 1, 2, 3 in ingestion order across slices', async () => {
    const a = await jot(alicePersonal, 'first');
    const b = await jot(rental, 'second');
    const c = await jot(alicePersonal, 'third');
    assert.deepEqual([a.seq, b.seq, c.seq], [1, 2, 3]);
    assert.equal(await notes.latestSeq(), 3);
    assert.equal((await notes.get(b.id))?.text, 'second');
  });

  it('gives an edited note a new sequence number after every other note, keeping its id', async () => {
    const a = await jot(alicePersonal, 'buy milk');
    await jot(alicePersonal, 'call the plumber');
    const cursor = await notes.latestSeq();
    m.clock.now = days(m.clock.now, 1);
    const edited = await notes.edit(a.id, 'buy oat milk');
    assert.equal(edited?.id, a.id);
    assert.equal(edited?.seq, cursor + 1);
    assert.equal(edited?.text, 'buy oat milk');
    assert.deepEqual(edited?.editedAt, m.clock.now);
    assert.deepEqual(edited?.occurredAt, a.occurredAt);
    const after = await notes.readAfter(alicePersonal, cursor, 10);
    assert.deepEqual(
      after.map((n) => [n.id, n.text]),
      [[a.id, 'buy oat milk']],
    );
  });

  it('returns null when editing a note that does not exist, and spends no sequence number', async () => {
    await jot(alicePersonal, 'one');
    assert.equal(await notes.edit(999, 'nothing'), null);
    assert.equal(await notes.latestSeq(), 1);
  });

  it('reads a slice after a cursor in bounded batches without skipping notes that share a timestamp', async () => {
    const same = new Date('2030-05-01T08:00:00Z');
    const written = [];
    for (let i = 0; i < 5; i++) {
      written.push(await jot(alicePersonal, `same moment ${i}`, same));
      await jot(bobPersonal, `bob ${i}`, same);
    }
    const seen: number[] = [];
    let cursor = 0;
    for (;;) {
      const batch = await notes.readAfter(alicePersonal, cursor, 2);
      if (batch.length === 0) break;
      assert.ok(batch.length <= 2);
      seen.push(...batch.map((n) => n.id));
      cursor = batch[batch.length - 1].seq;
    }
    assert.deepEqual(
      seen,
      written.map((n) => n.id),
    );
  });

  it('shows a back-dated import to a reader whose cursor is already past older notes', async () => {
    await jot(alicePersonal, 'today');
    const cursor = await notes.latestSeq();
    const old = await notes.append({
      slice: alicePersonal,
      sourceKind: 'document',
      sourceId: 'doc-7',
      text: 'an old letter',
      occurredAt: new Date('2001-01-01T00:00:00Z'),
    });
    assert.deepEqual(
      (await notes.readAfter(alicePersonal, cursor, 10)).map((n) => n.id),
      [old.id],
    );
  });

  it('keeps slices apart: workspace, visibility and owner all select', async () => {
    await jot(alicePersonal, 'mine');
    await jot(bobPersonal, 'bob');
    await jot(rental, 'rental');
    await jot({ workspace: 'rental', visibility: 'private', ownerUserId: 'alice' }, 'mine in rental');
    await jot({ workspace: null, visibility: 'shared', ownerUserId: null }, 'household');
    const texts = async (s: NoteSlice) => (await notes.readAfter(s, 0, 10)).map((n) => n.text);
    assert.deepEqual(await texts(alicePersonal), ['mine']);
    assert.deepEqual(await texts(rental), ['rental']);
    assert.deepEqual(await texts({ workspace: 'rental', visibility: 'private', ownerUserId: 'alice' }), [
      'mine in rental',
    ]);
    assert.deepEqual(await texts({ workspace: null, visibility: 'shared', ownerUserId: null }), [
      'household',
    ]);
    assert.equal((await notes.slices()).length, 5);
  });

  it('rejects inconsistent slices and empty text, writing nothing', async () => {
    const bad: unknown[] = [
      {
        slice: { workspace: null, visibility: 'private', ownerUserId: null },
        sourceKind: 'notepad',
        text: 'x',
      },
      {
        slice: { workspace: null, visibility: 'workspace', ownerUserId: null },
        sourceKind: 'notepad',
        text: 'x',
      },
      {
        slice: { workspace: 'w', visibility: 'shared', ownerUserId: null },
        sourceKind: 'notepad',
        text: 'x',
      },
      {
        slice: { workspace: 'w', visibility: 'workspace', ownerUserId: 'bob' },
        sourceKind: 'notepad',
        text: 'x',
      },
      { slice: alicePersonal, sourceKind: 'gossip', text: 'x' },
      { slice: alicePersonal, sourceKind: 'notepad', text: '   ' },
    ];
    for (const input of bad) {
      await assert.rejects(notes.append(input as never), { name: 'ZodError' });
    }
    assert.equal(await notes.latestSeq(), 0);
    assert.deepEqual(await m.db.query('SELECT COUNT(*) AS n FROM notes'), [{ n: 0 }]);
  });

  it('records a user turn in the speaker’s private slice with both sides of the exchange', async () => {
    const note = await notes.recordTurn(alice, {
      workspace: null,
      userText: 'Mia hates peas',
      reply: 'Noted.',
    });
    assert.equal(note?.sourceKind, 'chat_turn');
    assert.equal(note?.ownerUserId, 'alice');
    assert.match(note!.text, /Mia hates peas[\s\S]*Noted\./);
  });

  it('never lets a guest conversation into the notes', async () => {
    const note = await notes.recordTurn(guest, {
      workspace: 'rental',
      userText: 'where is the key?',
      reply: 'x',
    });
    assert.equal(note, null);
    assert.deepEqual(await m.db.query('SELECT COUNT(*) AS n FROM notes'), [{ n: 0 }]);
  });

  it('never hands out a sequence number twice, even after the newest note is removed', async () => {
    await jot(alicePersonal, 'one');
    const two = await jot(alicePersonal, 'two');
    assert.equal(await notes.remove(two.id), true);
    const three = await jot(alicePersonal, 'three');
    assert.ok(three.seq > two.seq);
  });
});
