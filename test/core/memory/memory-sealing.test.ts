// Sealing: every sealed read sees only its context's rows; other users' private rows and guests see nothing.
import assert from 'node:assert/strict';
import {
  type ReservationPrincipal,
  type Seal,
  sealFor,
  type UserPrincipal,
} from '../../../core/contracts/principal.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { type MemoryDb, openMemoryDb } from './memory-db.ts';

const user = (userId: string): UserPrincipal => ({
  kind: 'user',
  userId,
  role: 'member',
  displayName: userId,
});
const guest: ReservationPrincipal = { kind: 'reservation', reservationId: 'res-9', workspace: 'rental' };

/** Label → where the row lives; every row mentions "garden" and is core, so all read paths can be compared. */
const rows: Record<string, { workspace: string | null; ownerUserId: string | null }> = {
  household: { workspace: null, ownerUserId: null },
  alicePrivate: { workspace: null, ownerUserId: 'alice' },
  bobPrivate: { workspace: null, ownerUserId: 'bob' },
  rentalShared: { workspace: 'rental', ownerUserId: null },
  rentalAlice: { workspace: 'rental', ownerUserId: 'alice' },
  rentalBob: { workspace: 'rental', ownerUserId: 'bob' },
  bakeryShared: { workspace: 'bakery', ownerUserId: null },
};

const expected: Array<[string, Seal, string[]]> = [
  ['alice, personal', { userId: 'alice', workspace: null }, ['household', 'alicePrivate']],
  ['bob, personal', { userId: 'bob', workspace: null }, ['household', 'bobPrivate']],
  ['a third user, personal', { userId: 'carol', workspace: null }, ['household']],
  ['alice in rental', { userId: 'alice', workspace: 'rental' }, ['rentalShared', 'rentalAlice']],
  ['bob in rental', { userId: 'bob', workspace: 'rental' }, ['rentalShared', 'rentalBob']],
  ['alice in bakery', { userId: 'alice', workspace: 'bakery' }, ['bakeryShared']],
  ['alice in an empty workspace', { userId: 'alice', workspace: 'nowhere' }, []],
];

describe('memory sealing', () => {
  let m: MemoryDb;
  let store: MemoryStore;
  const ids = new Map<number, string>();
  const labels = (list: Array<{ id: number }>) => list.map((x) => ids.get(x.id)!).sort();

  before(async () => {
    m = await openMemoryDb();
    store = new MemoryStore(m.db, { now: m.now });
    for (const [label, origin] of Object.entries(rows)) {
      const mem = await store.create(
        { content: `${label} keeps the garden tidy`, importance: 'core', tags: ['garden'] },
        { ...origin, provenance: 'user_stated' },
      );
      ids.set(mem.id, label);
    }
  });
  after(() => m.close());

  for (const [name, seal, visible] of expected) {
    it(`${name} sees exactly ${visible.join(', ') || 'nothing'} — in core, recall and tag recall`, async () => {
      assert.deepEqual(labels(await store.listCore(seal)), [...visible].sort());
      assert.deepEqual(
        labels((await store.recall(seal, { text: 'garden' })).map((s) => s.memory)),
        [...visible].sort(),
      );
      assert.deepEqual(
        labels((await store.recall(seal, { tags: ['garden'] })).map((s) => s.memory)),
        [...visible].sort(),
      );
    });
  }

  it('answers a direct read by id only inside the seal', async () => {
    const byLabel = new Map([...ids].map(([id, label]) => [label, id]));
    const alice = sealFor(user('alice'), null);
    assert.equal(
      (await store.get(alice, byLabel.get('alicePrivate')!))?.content,
      'alicePrivate keeps the garden tidy',
    );
    assert.equal(await store.get(alice, byLabel.get('bobPrivate')!), null);
    assert.equal(await store.get(alice, byLabel.get('rentalAlice')!), null);
    assert.equal(await store.get(sealFor(user('alice'), 'rental'), byLabel.get('household')!), null);
  });

  it('refuses the model’s archive of a memory outside the seal and leaves it live', async () => {
    const bobRow = [...ids].find(([, l]) => l === 'bobPrivate')![0];
    assert.equal(await store.archiveSealed(sealFor(user('alice'), null), bobRow), false);
    assert.equal((await store.get(sealFor(user('bob'), null), bobRow))?.id, bobRow);
  });

  it('gives a guest no seal at all', () => {
    assert.throws(() => sealFor(guest, 'rental'), /guest/);
  });

  it('refuses every sealed read when handed a guest principal in place of a seal', async () => {
    const fake = guest as unknown as Seal;
    await assert.rejects(store.listCore(fake), { code: 'QUORRA_SEAL_INVALID' });
    await assert.rejects(store.recall(fake, { text: 'garden' }), { code: 'QUORRA_SEAL_INVALID' });
    await assert.rejects(store.get(fake, 1), { code: 'QUORRA_SEAL_INVALID' });
    await assert.rejects(store.takeSurfaceOnce(fake), { code: 'QUORRA_SEAL_INVALID' });
    await assert.rejects(store.archiveSealed(fake, 1), { code: 'QUORRA_SEAL_INVALID' });
  });
});
