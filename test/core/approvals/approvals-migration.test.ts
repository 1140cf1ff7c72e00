// The queue's move into core keeps a household's proposals: the notepad-made table gains its new columns, rows intact.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { ProposedAction } from '../../../core/approvals/proposed-action.entity.ts';
import { ApprovalsInCore1764800000000 } from '../../../migrations/approvals/1764800000000-approvals-in-core.ts';
import { tempDir } from '../../support/boot-app.ts';

describe('approvals in core: migration', () => {
  let dir: string;
  let db: DataSource;
  beforeEach(async () => {
    dir = tempDir('quorra-approvals-');
    db = new DataSource({
      type: 'better-sqlite3',
      database: path.join(dir, 'x.db'),
      entities: [ProposedAction],
    });
    await db.initialize();
  });
  afterEach(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  const up = async () => {
    const q = db.createQueryRunner();
    await new ApprovalsInCore1764800000000().up(q);
    await q.release();
  };

  it('keeps the rows of the table the notepad created, and lets an owners row have no person', async () => {
    // the table exactly as the notepad's migration made it before the queue moved
    await db.query(
      'CREATE TABLE "proposed_actions" ("id" integer PRIMARY KEY AUTOINCREMENT NOT NULL, "user_id" varchar(36) NOT NULL, "source_kind" varchar(32) NOT NULL, "source_id" varchar(64) NOT NULL, "kind" varchar(32) NOT NULL, "payload" text NOT NULL, "state" varchar(16) NOT NULL, "error" text, "created_at" datetime NOT NULL, "resolved_at" datetime)',
    );
    await db.query(
      'CREATE INDEX "ix_proposed_actions_user_state" ON "proposed_actions" ("user_id", "state")',
    );
    await db.query(
      `INSERT INTO proposed_actions (user_id, source_kind, source_id, kind, payload, state, error, created_at)
       VALUES ('u-1', 'notepad', '7', 'memory', '{"content":"Bins on Tuesday."}', 'failed', 'boom', '2026-11-30 08:00:00')`,
    );
    await up();
    const [row] = await db.getRepository(ProposedAction).find();
    assert.deepEqual(
      { ...row, createdAt: undefined },
      {
        id: 1,
        userId: 'u-1',
        audience: 'person',
        sourceKind: 'notepad',
        sourceId: '7',
        kind: 'memory',
        payload: { content: 'Bins on Tuesday.' },
        state: 'failed',
        error: 'boom',
        result: null,
        resolvedBy: null,
        createdAt: undefined,
        resolvedAt: null,
      },
    );
    const indices = (await db.query("PRAGMA index_list('proposed_actions')")) as { name: string }[];
    assert.ok(indices.some((i) => i.name === 'ix_proposed_actions_user_state'));
    // the upgraded table is exactly what the entity declares: the schema builder has nothing left to change
    assert.deepEqual((await db.driver.createSchemaBuilder().log()).upQueries, []);
    await db.getRepository(ProposedAction).insert({
      userId: null,
      audience: 'owners',
      sourceKind: 'concierge',
      sourceId: '3',
      kind: 'guest_reply',
      payload: {},
      state: 'draft',
      createdAt: new Date(),
    });
    assert.equal(await db.getRepository(ProposedAction).count(), 2);
  });

  it('creates the table from the entity where the notepad never ran', async () => {
    await up();
    const cols = ((await db.query("PRAGMA table_info('proposed_actions')")) as { name: string }[]).map(
      (c) => c.name,
    );
    assert.ok(['audience', 'result', 'resolved_by', 'user_id'].every((c) => cols.includes(c)));
  });
});
