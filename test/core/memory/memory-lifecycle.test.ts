// Memory lifecycle: expiry, surface-once hand-off, archive/restore, retention purge and the Dream pass's hooks.
import assert from 'node:assert/strict';
import type { Seal } from '../../../core/contracts/principal.ts';
import type { MemoryInput, MemoryOrigin } from '../../../core/memory/memory-input.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { NotesLog } from '../../../core/memory/notes-log.ts';
import { days, type MemoryDb, openMemoryDb } from './memory-db.ts';

const alice: Seal = { userId: 'alice', workspace: null };
const bob: Seal = { userId: 'bob', workspace: null };
const mine: MemoryOrigin = { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' };

describe('memory lifecycle', () => {
  let m: MemoryDb;
  let store: MemoryStore;
  const add = (input: MemoryInput, origin: MemoryOrigin = mine) => store.create(input, origin);
  /** Whether the memory is visible to alice through each sealed path. */
  const visible = async (id: number) => ({
    get: (await store.get(alice, id)) !== null,
    core: (await store.listCore(alice)).some((x) => x.id === id),
    recall: (await store.recall(alice, { text: 'lighthouse' })).some((x) => x.memory.id === id),
  });
  const everywhere = { get: true, core: true, recall: true };
  const nowhere = { get: false, core: false, recall: false };

  beforeEach(async () => {
    m = await openMemoryDb();
    store = new MemoryStore(m.db, { now: m.now });
  });
  afterEach(() => m.close());

  it('hides an expired memory from every sealed read and from the default owner listing', async () => {
    const mem = await add({
      content: 'Feeling unwell near the lighthouse today',
      importance: 'core',
      expiresAt: days(m.clock.now, 1).toISOString(),
    });
    assert.deepEqual(await visible(mem.id), everywhere);
    m.clock.now = days(m.clock.now, 1);
    assert.deepEqual(await visible(mem.id), nowhere);
    assert.deepEqual(await store.listForOwner(), []);
    const [listed] = await store.listForOwner({ archived: 'only' });
    assert.equal(listed.memory.id, mem.id);
    assert.equal(listed.expired, true);
  });

  it('sweeps expired memories into the archive at night and purges them after the retention', async () => {
    const mem = await add({
      content: 'lighthouse tour tickets',
      expiresAt: days(m.clock.now, 1).toISOString(),
    });
    m.clock.now = days(m.clock.now, 2);
    assert.deepEqual(await store.runNightly(), { expired: 1, purged: 0 });
    assert.ok((await store.getForOwner(mem.id))?.archivedAt);
    m.clock.now = days(m.clock.now, 30);
    assert.deepEqual(await store.runNightly(), { expired: 0, purged: 1 });
    assert.equal(await store.getForOwner(mem.id), null);
  });

  it('hands a surface-once memory to the next surface that asks, then archives it', async () => {
    const once = await add({ content: 'Not feeling well, skip the lighthouse walk', surfaceOnce: true });
    await add({ content: 'Bob’s own surprise', surfaceOnce: true }, { ...mine, ownerUserId: 'bob' });
    await add({ content: 'An ordinary lighthouse fact' });
    assert.deepEqual(await store.takeSurfaceOnce(bob).then((l) => l.map((x) => x.content)), [
      'Bob’s own surprise',
    ]);
    const handed = await store.takeSurfaceOnce(alice);
    assert.deepEqual(
      handed.map((x) => x.id),
      [once.id],
    );
    assert.deepEqual(handed[0].surfacedAt, m.clock.now);
    assert.deepEqual(handed[0].archivedAt, m.clock.now);
    assert.deepEqual(await store.takeSurfaceOnce(alice), []);
    assert.deepEqual(await visible(once.id), nowhere);
  });

  it('makes an archived memory invisible at once, and restore brings it back', async () => {
    const mem = await add({ content: 'The lighthouse key is in the drawer', importance: 'core' });
    assert.equal(await store.archiveSealed(alice, mem.id), true);
    assert.deepEqual(await visible(mem.id), nowhere);
    assert.equal(await store.archiveSealed(alice, mem.id), false);
    assert.ok((await store.getForOwner(mem.id))?.archivedAt, 'the model path archives, it never deletes');
    const restored = await store.restore(mem.id);
    assert.equal(restored?.archivedAt, null);
    assert.deepEqual(await visible(mem.id), everywhere);
    assert.equal(await store.restore(mem.id), null);
  });

  it('purges only what has been archived longer than the retention', async () => {
    const old = await add({ content: 'old lighthouse note' });
    const recent = await add({ content: 'recent lighthouse note' });
    const live = await add({ content: 'live lighthouse note' });
    await store.archive(old.id);
    m.clock.now = days(m.clock.now, 20);
    await store.archive(recent.id);
    m.clock.now = days(m.clock.now, 11);
    assert.equal(await store.purgeArchivedOlderThan(30), 1);
    assert.equal(await store.getForOwner(old.id), null);
    assert.ok(await store.getForOwner(recent.id));
    assert.ok(await store.getForOwner(live.id));
    assert.equal(await store.purgeArchivedOlderThan(5), 1);
    assert.equal(await store.getForOwner(recent.id), null);
    await assert.rejects(store.purgeArchivedOlderThan(-1), RangeError);
  });

  it('lets the owner delete a memory permanently, whatever its state', async () => {
    const mem = await add({ content: 'lighthouse alarm code' });
    assert.equal(await store.purge(mem.id), true);
    assert.equal(await store.getForOwner(mem.id), null);
    assert.deepEqual(await store.recall(alice, { text: 'lighthouse' }), []);
    assert.equal(await store.purge(mem.id), false);
  });

  it('flags as unreachable exactly the rows a real recall for their own words and tags does not find', async () => {
    const rows = [
      await add({ content: 'untagged wellington boots by the door' }),
      await add({ content: 'tagged garden hose', tags: ['garden'] }),
      await add({ content: '🎂 🎉 !!' }),
      await add({ content: '🎂 🎉 ??', tags: ['birthday'] }),
      await add({ content: '☂️ …', importance: 'core', kind: 'preference' }),
    ];
    const listed = new Map((await store.listForOwner()).map((x) => [x.memory.id, x.unreachable]));
    for (const row of rows) {
      const found = (await store.recall(alice, { text: row.content, tags: row.tags, limit: 50 })).some(
        (x) => x.memory.id === row.id,
      );
      // a core memory is in every conversation: never unreachable, whatever recall finds
      const expected = row.importance === 'contextual' && !found;
      assert.equal(listed.get(row.id), expected, `${row.content} (tags ${row.tags.join(',') || 'none'})`);
    }
    assert.deepEqual(
      [...listed].filter(([, u]) => u).map(([id]) => id),
      [rows[2].id],
      'only the symbols without a tag',
    );
    assert.deepEqual(
      (await store.listForOwner({ unreachable: true, limit: 1 })).map((x) => x.memory.id),
      [rows[2].id],
      'the filter pages past reachable rows',
    );
  });

  it('lists for the owner across workspaces with every filter and the unreachable flag', async () => {
    const untagged = await add({ content: '✔ ✔' });
    const tagged = await add({ content: 'tagged contextual', tags: ['garden'] });
    const core = await add({ content: 'untagged core', importance: 'core', kind: 'preference' });
    const rental = await add(
      { content: 'rental rule', kind: 'constraint', tags: ['rules'] },
      {
        ownerUserId: null,
        workspace: 'rental',
        provenance: 'owner_set',
      },
    );
    const archived = await add({ content: 'archived one', tags: ['x'] });
    await store.archive(archived.id);
    const ids = async (f: Parameters<MemoryStore['listForOwner']>[0]) =>
      (await store.listForOwner(f)).map((x) => x.memory.id);
    assert.deepEqual(await ids({}), [rental.id, core.id, tagged.id, untagged.id]);
    assert.deepEqual(await ids({ unreachable: true }), [untagged.id]);
    assert.deepEqual(await ids({ unreachable: false }), [rental.id, core.id, tagged.id]);
    assert.deepEqual(await ids({ workspace: 'rental' }), [rental.id]);
    assert.deepEqual(await ids({ workspace: null, ownerUserId: 'alice' }), [core.id, tagged.id, untagged.id]);
    assert.deepEqual(await ids({ ownerUserId: null }), [rental.id]);
    assert.deepEqual(await ids({ kind: 'preference' }), [core.id]);
    assert.deepEqual(await ids({ importance: 'core' }), [core.id]);
    assert.deepEqual(await ids({ provenance: 'owner_set' }), [rental.id]);
    assert.deepEqual(await ids({ archived: 'only' }), [archived.id]);
    assert.equal((await ids({ archived: 'include' })).length, 5);
    assert.deepEqual(await ids({ limit: 2 }), [rental.id, core.id]);
    assert.deepEqual(await ids({ limit: 2, beforeId: core.id }), [tagged.id, untagged.id]);
    const flags = (await store.listForOwner()).find((x) => x.memory.id === untagged.id);
    assert.equal(flags?.unreachable, true);
    await assert.rejects(store.listForOwner({ kind: 'rumour' } as never), { name: 'ZodError' });
  });

  it('corroborates with a new source once: the note is appended and confidence rises by 0.02, capped at 1', async () => {
    const mem = await add(
      { content: 'Gran visits on Sundays', confidence: 0.5 },
      { ...mine, sourceNoteIds: [1] },
    );
    const once = await store.addSource(mem.id, 7);
    assert.deepEqual(once?.sourceNoteIds, [1, 7]);
    assert.ok(Math.abs(once!.confidence - 0.52) < 1e-9);
    const again = await store.addSource(mem.id, 7);
    assert.deepEqual(again?.sourceNoteIds, [1, 7]);
    assert.ok(Math.abs(again!.confidence - 0.52) < 1e-9);
    const high = await add({ content: 'Gran likes tea', confidence: 0.99 });
    assert.equal((await store.addSource(high.id, 3))?.confidence, 1);
    assert.equal(await store.addSource(9999, 3), null);
  });

  it('keeps a superseded memory for history but out of every sealed read', async () => {
    const old = await add({ content: 'The lighthouse opens at nine', importance: 'core' });
    const next = await add({ content: 'The lighthouse opens at ten', importance: 'core' });
    const marked = await store.supersede(old.id, next.id);
    assert.equal(marked?.supersededBy, next.id);
    assert.deepEqual(marked?.validUntil, m.clock.now);
    assert.deepEqual(await visible(old.id), nowhere);
    assert.deepEqual(await visible(next.id), everywhere);
    const listed = (await store.listForOwner()).find((x) => x.memory.id === old.id);
    assert.equal(listed?.superseded, true);
  });

  it('promotes a contextual memory into the core set', async () => {
    const mem = await add({ content: 'Prefers the lighthouse route' });
    assert.equal((await store.listCore(alice)).length, 0);
    assert.equal((await store.promote(mem.id))?.importance, 'core');
    assert.deepEqual(
      (await store.listCore(alice)).map((x) => x.id),
      [mem.id],
    );
  });

  it('injects the oldest live core memories across both slices of the seal, up to the limit', async () => {
    const household: MemoryOrigin = { ...mine, ownerUserId: null };
    const bobs: MemoryOrigin = { ...mine, ownerUserId: 'bob' };
    const ids: Record<string, number> = {};
    // interleaved: each slice alone holds more than the limit, and an archived one and bob's sit in between
    for (const [label, origin] of [
      ['h1', household],
      ['b1', bobs],
      ['a1', mine],
      ['h2', household],
      ['x1', mine],
      ['a2', mine],
      ['h3', household],
      ['a3', mine],
      ['h4', household],
    ] as const)
      ids[label] = (await add({ content: `core ${label}`, importance: 'core' }, origin)).id;
    await store.archive(ids.x1);
    const core = async (seal: Seal, limit: number) =>
      (await store.listCore(seal, limit)).map((x) => x.content);
    assert.deepEqual(await core(alice, 4), ['core h1', 'core a1', 'core h2', 'core a2']);
    assert.deepEqual(await core(alice, 100), [
      'core h1',
      'core a1',
      'core h2',
      'core a2',
      'core h3',
      'core a3',
      'core h4',
    ]);
    assert.deepEqual(await core(bob, 2), ['core h1', 'core b1']);
  });

  it('archives model-inferred memories whose source notes are all gone, and nothing else', async () => {
    const notes = new NotesLog(m.db, m.now);
    const slice = { workspace: null, visibility: 'private' as const, ownerUserId: 'alice' };
    const kept = await notes.append({ slice, sourceKind: 'chat_turn', text: 'kept' });
    const dropped = await notes.append({ slice, sourceKind: 'chat_turn', text: 'dropped' });
    const inferred = { ...mine, provenance: 'model_inference' as const };
    const orphan = await add({ content: 'orphan belief' }, { ...inferred, sourceNoteIds: [dropped.id] });
    const half = await add(
      { content: 'half-sourced belief' },
      { ...inferred, sourceNoteIds: [dropped.id, kept.id] },
    );
    const stated = await add({ content: 'stated fact' });
    await notes.remove(dropped.id);
    assert.equal(await store.archiveOrphans(), 1);
    assert.ok((await store.getForOwner(orphan.id))?.archivedAt);
    assert.equal((await store.getForOwner(half.id))?.archivedAt, null);
    assert.equal((await store.getForOwner(stated.id))?.archivedAt, null);
  });

  it('counts references and stamps the time', async () => {
    const mem = await add({ content: 'lighthouse' });
    await store.markReferenced([mem.id, mem.id]);
    m.clock.now = days(m.clock.now, 1);
    await store.markReferenced([mem.id]);
    const after = await store.getForOwner(mem.id);
    assert.equal(after?.referenceCount, 2);
    assert.deepEqual(after?.lastReferencedAt, m.clock.now);
  });
});
