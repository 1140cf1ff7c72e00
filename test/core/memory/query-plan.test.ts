// The per-turn queries the stores actually run are answered from indexes: no full scan of memories or notes.
import assert from 'node:assert/strict';
import type { Seal } from '../../../core/contracts/principal.ts';
import { sealedRead } from '../../../core/memory/memory-search.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { NotesLog } from '../../../core/memory/notes-log.ts';
import { sealFilter } from '../../../core/memory/seal-filter.ts';
import { type MemoryDb, openMemoryDb } from './memory-db.ts';

interface Captured {
  sql: string;
  params: unknown[];
}

/** Runs fn while recording every statement sent through `db.query`. */
async function capture(m: MemoryDb, fn: () => Promise<unknown>): Promise<Captured[]> {
  const seen: Captured[] = [];
  const original = m.db.query.bind(m.db);
  const spy = (sql: string, params?: unknown[]) => {
    seen.push({ sql, params: params ?? [] });
    return original(sql, params);
  };
  Object.assign(m.db, { query: spy });
  try {
    await fn();
  } finally {
    Object.assign(m.db, { query: original });
  }
  return seen;
}

async function plan(m: MemoryDb, c: Captured): Promise<string[]> {
  const rows: Array<{ detail: string }> = await m.db.query(`EXPLAIN QUERY PLAN ${c.sql}`, c.params);
  return rows.map((r) => r.detail);
}

/** A line that walks a whole table (or a whole index of it) rather than seeking into it. */
const fullScan = /^SCAN (m|n|memories|notes)\b/;
/** How a per-turn read may reach memories: by primary key or through a seal-keyed index, nothing broader. */
const memoriesAccess = /^(SEARCH|SCAN) (m|memories)\b/;
const sealKeyed =
  /USING (INTEGER PRIMARY KEY|(COVERING )?INDEX idx_memories_(slice|surface) \(workspace=\? AND owner_user_id=\?)/;

describe('memory query plans', () => {
  let m: MemoryDb;
  const users = ['alice', 'bob', 'carol'];
  const workspaces = [null, 'rental', 'bakery'];
  const seals: Seal[] = [
    { userId: 'alice', workspace: null },
    { userId: 'bob', workspace: 'rental' },
  ];

  before(async () => {
    m = await openMemoryDb();
    const store = new MemoryStore(m.db, { now: m.now });
    const notes = new NotesLog(m.db, m.now);
    for (let i = 0; i < 300; i++) {
      const workspace = workspaces[i % 3];
      const ownerUserId = i % 4 === 0 ? null : users[i % 3];
      await store.create(
        {
          content: `memory ${i} about the garden and the car`,
          tags: i % 2 ? ['home'] : [],
          importance: i % 5 ? 'contextual' : 'core',
        },
        { workspace, ownerUserId, provenance: 'user_stated' },
      );
      await notes.append({
        slice: { workspace, visibility: 'private', ownerUserId: users[i % 3] },
        sourceKind: 'notepad',
        text: `n${i}`,
      });
    }
  });
  after(() => m.close());

  it('recall, core injection, reads by id, hand-off and reference counting never scan memories', async () => {
    const store = new MemoryStore(m.db, { now: m.now });
    // the same recall with FTS5's posting lists as its candidates (above the recall index's cap)
    const fts5 = new MemoryStore(m.db, { now: m.now, recallIndexCap: 0 });
    const statements = await capture(m, async () => {
      for (const seal of seals) {
        await store.listCore(seal);
        await store.recall(seal, { text: 'garden car', tags: ['home'] });
        await fts5.recall(seal, { text: 'garden car', tags: ['home'] });
        await store.get(seal, 5);
        await store.takeSurfaceOnce(seal);
        await store.archiveSealed(seal, 7);
        await store.markReferenced([1, 2, 3]);
        await store.flushReferences();
      }
      await store.candidates({ workspace: 'rental', ownerUserId: null }, 'garden');
    });
    assert.ok(statements.length >= 12, String(statements.length));
    for (const s of statements) {
      const lines = await plan(m, s);
      assert.ok(!lines.some((l) => fullScan.test(l)), `${s.sql}\n${lines.join('\n')}`);
      const broad = lines.filter((l) => memoriesAccess.test(l) && !sealKeyed.test(l));
      assert.deepEqual(broad, [], `${s.sql}\n${lines.join('\n')}`);
    }
    const recallPlan = await plan(m, statements.find((s) => s.sql.includes('memories_fts MATCH'))!);
    assert.ok(recallPlan.some((l) => /VIRTUAL TABLE/.test(l)));
    assert.ok(recallPlan.some((l) => /SEARCH m USING INTEGER PRIMARY KEY/.test(l)));
    // recall's sealed read, a statement prepared on the connection itself
    for (const seal of seals) {
      const pickedPlan = await plan(m, sealedRead(m.db, sealFilter(seal, m.now()), [3, 5, 8]));
      assert.ok(!pickedPlan.some((l) => fullScan.test(l)), pickedPlan.join('\n'));
      assert.ok(
        pickedPlan.some((l) => /SEARCH m USING INTEGER PRIMARY KEY/.test(l)),
        pickedPlan.join('\n'),
      );
    }
    const corePlan = await plan(m, statements.find((s) => s.sql.includes("importance = 'core'"))!);
    assert.ok(
      corePlan.some((l) => /SEARCH m USING INDEX idx_memories_slice/.test(l)),
      corePlan.join('\n'),
    );
  });

  it('reads notes after a cursor from the slice index, in order, without sorting', async () => {
    const notes = new NotesLog(m.db, m.now);
    const [s] = await capture(m, () =>
      notes.readAfter({ workspace: null, visibility: 'private', ownerUserId: 'alice' }, 10, 50),
    );
    const lines = await plan(m, s);
    assert.ok(
      lines.some((l) => /SEARCH n USING INDEX idx_notes_slice_seq/.test(l)),
      lines.join('\n'),
    );
    assert.ok(!lines.some((l) => fullScan.test(l) || /TEMP B-TREE/.test(l)), lines.join('\n'));
  });
});
