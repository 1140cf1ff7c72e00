// The approvals routes over HTTP: each answers the shape it declares (and /openapi.json publishes), a row outside
// the caller's view is 404, and a bad body is a 400 that leaves the row as it was.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';

describe('approvals routes', () => {
  let app: BootedApp;
  let olivia: TestUser;
  let max: TestUser;
  const applied: string[] = [];

  /** The route's declared response schema, found the way /openapi.json finds it. */
  const schemaOf = (method: string, path: string) => {
    const route = app.quorra.routes.list().find((r) => r.def.method === method && r.path === path);
    assert.ok(route?.def.response, `${method} ${path} declares no response`);
    return route.def.response;
  };
  /** Calls the route and parses its answer strictly with the declared schema. */
  const answers = async (user: TestUser, method: string, path: string, pattern: string, body?: object) => {
    const res = await call(app, user, method, path, body);
    assert.equal(res.status, 200, `${path}: ${JSON.stringify(res.json)}`);
    const parsed = schemaOf(method, pattern).safeParse(res.json);
    assert.ok(parsed.success, `${path}: ${parsed.error?.message}`);
    return res.json;
  };
  const file = (userId: string, note: string) =>
    app.quorra.approvals.propose({
      kind: 'test_note',
      sourceKind: 'test',
      sourceId: note,
      userId,
      payload: { note },
    });

  before(async () => {
    app = await bootApp();
    olivia = await addUser(app, 'Olivia');
    max = await addUser(app, 'Max', 'member');
    app.quorra.registries.approvalKinds.add(
      {
        kind: 'test_note',
        payload: z.object({ note: z.string().min(1).max(100) }).strict(),
        audience: 'person',
        describe: (p) => `Note ${p.note}`,
        edit: { field: 'note' },
        async apply(payload) {
          applied.push(payload.note);
          return { ok: true, result: 'noted' };
        },
      },
      'test',
    );
  });
  after(() => app.stop({ clean: true }));

  it('answers the declared shapes: the list, one row, approve, edit, reject and defer', async () => {
    const [a, b, c, d] = await Promise.all(['a', 'b', 'c', 'd'].map((n) => file(olivia.id, n)));
    const list = await answers(olivia, 'GET', '/approvals', '/approvals');
    assert.deepEqual(list.proposals.map((p: any) => p.title).sort(), [
      'Note a',
      'Note b',
      'Note c',
      'Note d',
    ]);
    assert.deepEqual(
      list.proposals[0].actions.map((x: any) => x.verb),
      ['approve', 'edit', 'reject', 'defer'],
    );
    const one = await answers(olivia, 'GET', `/approvals/${a!.id}`, '/approvals/:id');
    assert.equal(one.proposal.state, 'draft');
    const approve = await answers(
      olivia,
      'POST',
      `/approvals/${a!.id}/approve`,
      '/approvals/:id/approve',
      {},
    );
    assert.equal(approve.proposal.state, 'applied');
    const edit = await answers(olivia, 'POST', `/approvals/${b!.id}/edit`, '/approvals/:id/edit', {
      text: 'bee',
    });
    assert.equal(edit.proposal.state, 'applied');
    const reject = await answers(olivia, 'POST', `/approvals/${c!.id}/reject`, '/approvals/:id/reject', {});
    assert.equal(reject.proposal.state, 'rejected');
    const defer = await answers(olivia, 'POST', `/approvals/${d!.id}/defer`, '/approvals/:id/defer', {});
    assert.equal(defer.proposal.state, 'deferred');
    assert.deepEqual(applied, ['a', 'bee']);
  });

  it('hides another person’s row (404) and refuses a bad body (400) without touching the row', async () => {
    const row = await file(olivia.id, 'private');
    for (const path of [`/approvals/${row.id}`, `/approvals/${row.id}/approve`]) {
      const res = await call(
        app,
        max,
        path.endsWith('approve') ? 'POST' : 'GET',
        path,
        path.endsWith('approve') ? {} : undefined,
      );
      assert.equal(res.status, 404, path);
    }
    const bad = await call(app, olivia, 'POST', `/approvals/${row.id}/edit`, { text: '', extra: 1 });
    assert.equal(bad.status, 400);
    const tooLong = await call(app, olivia, 'POST', `/approvals/${row.id}/edit`, { text: 'x'.repeat(101) });
    assert.equal(tooLong.status, 400, JSON.stringify(tooLong.json));
    const after = await answers(olivia, 'GET', `/approvals/${row.id}`, '/approvals/:id');
    assert.equal(after.proposal.state, 'draft');
    assert.deepEqual(after.proposal.actions[0].verb, 'approve');
    assert.ok(!applied.includes('private'));
  });
});
