// The owner resolves a contradiction Dream found: accept the newer belief, or revert to the older one.
import assert from 'node:assert/strict';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';
import { seedContradiction } from './dream-seed.ts';

describe('Dream contradiction reviews', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;

  before(async () => {
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
  });
  after(() => app.stop({ clean: true }));

  const contradiction = (older: string, newer: string) => seedContradiction(app, owner.id, older, newer);

  it('accept keeps the newer belief and closes the review', async () => {
    const { review } = await contradiction('Olivia drives a Golf', 'Olivia drives an Audi');
    const r = await call(app, owner, 'POST', `/brain/dream/reviews/${review.id}`, { decision: 'accept' });
    assert.equal(r.json.status, 'accepted');
    assert.equal(
      (await call(app, owner, 'POST', `/brain/dream/reviews/${review.id}`, { decision: 'revert' })).status,
      409,
    );
  });

  it('revert reinstates the older belief and archives the newer (restorable), deleting nothing', async () => {
    const { a, b, review } = await contradiction('Olivia lives in Leeds', 'Olivia lives in York');
    const r = await call(app, owner, 'POST', `/brain/dream/reviews/${review.id}`, { decision: 'revert' });
    assert.equal(r.json.status, 'reverted');
    const older = await app.quorra.memory.store.getForOwner(a.id);
    assert.equal(older?.validUntil, null);
    assert.equal(older?.supersededBy, null);
    const newer = await app.quorra.memory.store.getForOwner(b.id);
    assert.ok(newer?.archivedAt, 'archived, still there');
    assert.ok(
      (
        await app.quorra.memory.store.recall({ userId: owner.id, workspace: null }, { text: 'lives Leeds' })
      ).some((m) => m.memory.id === a.id),
    );
  });

  it('is owner-only, validated, and 404 for an unknown review', async () => {
    const { review } = await contradiction('A is 1', 'A is 2');
    assert.equal(
      (await call(app, member, 'POST', `/brain/dream/reviews/${review.id}`, { decision: 'accept' })).status,
      403,
    );
    assert.equal(
      (await call(app, owner, 'POST', `/brain/dream/reviews/${review.id}`, { decision: 'maybe' })).status,
      400,
    );
    assert.equal(
      (await call(app, owner, 'POST', '/brain/dream/reviews/99999', { decision: 'accept' })).status,
      404,
    );
    const audit = await call(app, owner, 'GET', '/admin/audit');
    assert.ok(!audit.json.entries.some((e: any) => e.tool === 'dream_review' && e.input.id === review.id));
  });
});
