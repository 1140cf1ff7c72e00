// Recall's "times recalled" counts: gathered in memory, written before anything reads them and when the app stops.
import assert from 'node:assert/strict';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { MemoryOrigin } from '../../../core/memory/memory-input.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { promotableIds } from '../../../core/memory/slice-maintenance.ts';
import { bootApp } from '../../support/boot-app.ts';
import { onPostgres } from '../../support/test-database.ts';
import { days, type MemoryDb, openMemoryDb } from './memory-db.ts';

const mine: MemoryOrigin = { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' };
const counted = async (m: MemoryDb, id: number) =>
  Number((await m.db.query('SELECT reference_count AS n FROM memories WHERE id = ?', [id]))[0].n);

describe('memory reference counts', () => {
  let m: MemoryDb;
  let store: MemoryStore;

  beforeEach(async () => {
    m = await openMemoryDb();
    store = new MemoryStore(m.db, { now: m.now });
  });
  afterEach(() => m.close());

  it('writes the uses gathered since the last write, each with its latest time, when flushed', async () => {
    const a = await store.create({ content: 'lighthouse' }, mine);
    const b = await store.create({ content: 'harbour' }, mine);
    await store.markReferenced([a.id, b.id]);
    const first = m.clock.now;
    m.clock.now = days(m.clock.now, 1);
    await store.markReferenced([a.id, a.id]);
    // not yet written: the turn that recalled did not wait for a write
    assert.equal(await counted(m, a.id), 0);
    await store.flushReferences();
    assert.equal(await counted(m, a.id), 2);
    assert.equal(await counted(m, b.id), 1);
    assert.deepEqual((await store.getForOwner(a.id))?.lastReferencedAt, m.clock.now);
    assert.deepEqual((await store.getForOwner(b.id))?.lastReferencedAt, first);
    await store.flushReferences();
    assert.equal(await counted(m, a.id), 2, 'a second flush adds nothing');
  });

  it('writes them before every read that shows them: owner listing, reads by id, Dream’s promotion', async () => {
    const a = await store.create({ content: 'lighthouse' }, mine);
    await store.markReferenced([a.id]);
    assert.equal((await store.listForOwner())[0].memory.referenceCount, 1);
    await store.markReferenced([a.id]);
    assert.equal((await store.getForOwner(a.id))?.referenceCount, 2);
    await store.markReferenced([a.id]);
    assert.equal((await store.get({ userId: 'alice', workspace: null }, a.id))?.referenceCount, 3);
    const slice = { workspace: null, ownerUserId: 'alice' };
    assert.deepEqual(await promotableIds(m.db, slice, { references: 4, sources: 99 }, m.now()), []);
    await store.markReferenced([a.id]);
    assert.deepEqual(await promotableIds(m.db, slice, { references: 4, sources: 99 }, m.now()), [a.id]);
  });

  it('loses nothing when a counted memory is deleted before the write', async () => {
    const a = await store.create({ content: 'lighthouse' }, mine);
    const b = await store.create({ content: 'harbour' }, mine);
    await store.markReferenced([a.id, b.id]);
    await store.purge(a.id);
    await store.flushReferences();
    assert.equal(await counted(m, b.id), 1);
  });

  // SQLite only: the file is read back after the app closed it
  if (!onPostgres()) {
    it('writes what is still gathered when the app stops', async () => {
      const app = await bootApp({ listen: false, connectMatrix: false });
      const store = app.quorra.memory.store;
      const a = await store.create({ content: 'lighthouse' }, mine);
      await store.markReferenced([a.id]);
      await store.markReferenced([a.id]);
      await app.stop();
      const file = new Database(path.join(app.dataDir, 'quorra.db'), { readonly: true });
      try {
        const row = file.prepare('SELECT reference_count FROM memories WHERE id = ?').get(a.id) as {
          reference_count: number;
        };
        assert.equal(row.reference_count, 2);
      } finally {
        file.close();
        await app.stop({ clean: true });
      }
    });
  }
});
