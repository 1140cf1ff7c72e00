// The confirmation store's expiry sweep: only pending confirmations past their time expire, found by index.
import assert from 'node:assert/strict';
import { LessThanOrEqual } from 'typeorm';
import { dialectOf } from '../../../core/db/dialect.ts';
import { Confirmation } from '../../../core/engine/confirmation.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';

describe('confirmation store expiry', () => {
  let app: BootedApp;
  before(async () => {
    app = await bootApp({ listen: false });
  });
  after(() => app.stop({ clean: true }));

  it('expires the pending confirmations past their time and leaves every other one as it was', async () => {
    const { confirmations } = app.quorra.conversation;
    const repo = app.quorra.db.getRepository(Confirmation);
    const now = new Date();
    const make = async (label: string, status: Confirmation['status'], minutes: number) => {
      const c = confirmations.draft({
        sessionId: `s-${label}`,
        userId: 'u1',
        toolName: 'calendar_delete',
        input: {},
        description: label,
      });
      Object.assign(c, { status, expiresAt: new Date(now.getTime() + minutes * 60_000) });
      await confirmations.save(c);
      return c.id;
    };
    const due = await make('due', 'pending', -1);
    const waiting = await make('waiting', 'pending', 10);
    const done = await make('done', 'confirmed', -5);
    assert.equal(await confirmations.expireDue(now), 1);
    const status = async (id: string) => (await repo.findOneByOrFail({ id })).status;
    assert.deepEqual(
      [await status(due), await status(waiting), await status(done)],
      ['expired', 'pending', 'confirmed'],
    );
  });

  it('finds the due ones through the expiry index instead of walking every confirmation', async () => {
    const db = app.quorra.db;
    const runner = db.createQueryRunner();
    const table = await runner.getTable('confirmations').finally(() => runner.release());
    assert.ok(table?.indices.some((i) => i.name === 'idx_confirmations_expiry'));
    if (dialectOf(db) !== 'sqlite') return; // the plan below is SQLite's; PostgreSQL plans by its statistics
    const now = new Date();
    // the statement Repository.update issues for expireDue's criteria
    const [sql, params] = db
      .getRepository(Confirmation)
      .createQueryBuilder()
      .update()
      .set({ status: 'expired', resolvedAt: now })
      .where({ status: 'pending', expiresAt: LessThanOrEqual(now) })
      .getQueryAndParameters();
    const plan: { detail: string }[] = await db.query(`EXPLAIN QUERY PLAN ${sql}`, params);
    assert.deepEqual(
      plan.map((r) => r.detail),
      ['SEARCH confirmations USING INDEX idx_confirmations_expiry (status=? AND expires_at<?)'],
    );
  });
});
