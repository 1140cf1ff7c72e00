// The approvals queue with a kind registered here: visibility by audience, one apply per row, failures back in
// review, edits, blocked kinds and a kind whose producer is gone.
import assert from 'node:assert/strict';
import { z } from 'zod';
import type { ApplyContext, ApprovalKindDefinition } from '../../../core/contracts/approval-kind.ts';
import type { Disposable } from '../../../core/contracts/disposable.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, type TestUser } from '../../support/household.ts';

describe('approvals queue', () => {
  let app: BootedApp;
  let olivia: TestUser;
  let sam: TestUser;
  let max: TestUser;
  let registered: Disposable;
  const applies: { payload: Record<string, unknown>; ctx: ApplyContext }[] = [];
  let behaviour: 'ok' | 'fail' | 'throw' | 'slow' = 'ok';
  let blocked: string | null = null;
  let release: () => void = () => undefined;

  const kind = (name: string, audience: 'person' | 'owners'): ApprovalKindDefinition<{ note: string }> => ({
    kind: name,
    payload: z.object({ note: z.string().min(1).max(100) }).strict(),
    audience,
    describe: (p) => `Note ${p.note}`,
    edit: { field: 'note' },
    blocked: () => blocked,
    async apply(payload, ctx) {
      applies.push({ payload, ctx });
      if (behaviour === 'slow') await new Promise<void>((r) => (release = r));
      if (behaviour === 'throw') throw new Error('the producer broke');
      return behaviour === 'fail' ? { ok: false, error: 'upstream said no' } : { ok: true, result: 'noted' };
    },
  });
  const as = (u: TestUser, role: 'owner' | 'member') => ({ userId: u.id, role });
  const queue = () => app.quorra.approvals;
  const file = (name: string, userId?: string) =>
    queue().propose({ kind: name, sourceKind: 'test', sourceId: '1', userId, payload: { note: 'a' } });

  before(async () => {
    app = await bootApp();
    olivia = await addUser(app, 'Olivia');
    sam = await addUser(app, 'Sam');
    max = await addUser(app, 'Max', 'member');
    registered = app.quorra.registries.approvalKinds.add(kind('test_person', 'person'), 'test');
    app.quorra.registries.approvalKinds.add(kind('test_owners', 'owners'), 'test');
  });
  beforeEach(() => {
    applies.length = 0;
    behaviour = 'ok';
    blocked = null;
  });
  after(() => app.stop({ clean: true }));

  it('shows a person row only to its person and an owners row only to owners', async () => {
    const mine = await file('test_person', max.id);
    const owners = await file('test_owners');
    const ids = async (u: TestUser, role: 'owner' | 'member') =>
      (await queue().pending(as(u, role))).map((v) => v.id);
    assert.deepEqual(await ids(max, 'member'), [mine.id]);
    assert.deepEqual(await ids(olivia, 'owner'), [owners.id]);
    assert.deepEqual(await ids(sam, 'owner'), [owners.id]);
    await assert.rejects(queue().approve(mine.id, as(olivia, 'owner')), { code: 'NOT_FOUND' });
    await assert.rejects(queue().reject(owners.id, as(max, 'member')), { code: 'NOT_FOUND' });
    await queue().reject(mine.id, as(max, 'member'));
    await queue().reject(owners.id, as(sam, 'owner'));
  });

  it('applies a row once however many approvals race, passing a stable idempotency key', async () => {
    const row = await file('test_owners');
    behaviour = 'slow';
    const racers = [olivia, sam].map((u) =>
      queue()
        .approve(row.id, as(u, 'owner'))
        .catch((e) => e),
    );
    while (!applies.length) await new Promise((r) => setTimeout(r, 5));
    release();
    const results = await Promise.all(racers);
    const won = results.filter((r) => r.state === 'applied');
    const lost = results.filter((r) => r.code === 'PROPOSAL_SETTLED');
    assert.deepEqual([won.length, lost.length], [1, 1]);
    assert.equal(won[0].result, 'noted');
    assert.equal(applies.length, 1);
    assert.equal(applies[0].ctx.idempotencyKey, `quorra-proposal-${row.id}`);
    assert.equal(applies[0].ctx.by.userId, [olivia, sam][results.indexOf(won[0])].id);
    await assert.rejects(queue().approve(row.id, as(sam, 'owner')), /already applied/);
  });

  it('puts a failed or throwing apply back in review with the error, and applies it on a later try', async () => {
    const row = await file('test_person', max.id);
    behaviour = 'fail';
    assert.deepEqual(
      [
        (await queue().approve(row.id, as(max, 'member'))).state,
        (await queue().get(row.id, as(max, 'member'))).error,
      ],
      ['failed', 'upstream said no'],
    );
    behaviour = 'throw';
    assert.equal((await queue().approve(row.id, as(max, 'member'))).error, 'the producer broke');
    behaviour = 'ok';
    assert.equal((await queue().approve(row.id, as(max, 'member'))).state, 'applied');
    assert.equal(applies.length, 3);
  });

  it('edits by replacing the kind’s field, validated, and applies the edited payload', async () => {
    const row = await file('test_owners');
    await assert.rejects(queue().edit(row.id, as(olivia, 'owner'), 'x'.repeat(101)), {
      code: 'INVALID_PAYLOAD',
    });
    assert.equal((await queue().get(row.id, as(olivia, 'owner'))).state, 'draft');
    const v = await queue().edit(row.id, as(olivia, 'owner'), 'changed');
    assert.ok('applied' in v);
    assert.deepEqual(v.applied.payload, { note: 'changed' });
    assert.deepEqual(applies[0].payload, { note: 'changed' });
  });

  it('refuses a blocked row without touching it, and defers keep it open', async () => {
    const row = await file('test_person', max.id);
    blocked = 'the thing is off';
    await assert.rejects(queue().approve(row.id, as(max, 'member')), { code: 'NOT_APPLIABLE' });
    assert.equal((await queue().defer(row.id, as(max, 'member'))).state, 'deferred');
    assert.deepEqual(
      (await queue().pending(as(max, 'member'))).map((v) => [v.id, v.blocked]),
      [[row.id, 'the thing is off']],
    );
    assert.equal(applies.length, 0);
  });

  it('refuses an unknown kind, a bad payload and a person kind without its person', async () => {
    await assert.rejects(file('no_such_kind', max.id), { code: 'UNKNOWN_KIND' });
    await assert.rejects(
      queue().propose({
        kind: 'test_person',
        sourceKind: 'test',
        sourceId: '1',
        userId: max.id,
        payload: {},
      }),
      { code: 'INVALID_PAYLOAD' },
    );
    await assert.rejects(file('test_person'), { code: 'NO_PERSON' });
  });

  it('keeps a row whose producer is gone, saying it cannot be applied', async () => {
    const row = await file('test_person', max.id);
    await registered.dispose();
    const [v] = (await queue().pending(as(max, 'member'))).filter((x) => x.id === row.id);
    assert.equal(v.blocked, 'its plugin is off');
    await assert.rejects(queue().approve(row.id, as(max, 'member')), { code: 'KIND_UNAVAILABLE' });
    assert.equal((await queue().reject(row.id, as(max, 'member'))).state, 'rejected');
  });
});
