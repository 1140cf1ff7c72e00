// GET /admin/audit: filters by person, tool and time run on the server, a page at a time, and bad filters get a 400.
import assert from 'node:assert/strict';
import { AuditEntry } from '../../../core/engine/audit-entry.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';

describe('GET /admin/audit filters', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;

  before(async () => {
    app = await bootApp();
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    const repo = app.quorra.db.getRepository(AuditEntry);
    const row = (day: string, userId: string | null, tool: string) => ({
      at: new Date(`2026-11-${day}T12:00:00Z`),
      userId,
      sessionId: null,
      tool,
      tier: 1,
      input: {},
      outcome: 'ok',
      detail: '',
    });
    await repo.insert([
      row('10', owner.id, 'memory_write'),
      row('11', member.id, 'memory_write'),
      row('12', member.id, 'finance_log'),
      row('13', null, 'dream_pass'),
      row('14', member.id, 'memory_write'),
    ]);
  });
  after(() => app?.stop({ clean: true }));

  const get = async (q: string) => {
    const r = await call(app, owner, 'GET', `/admin/audit?${q}`);
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return r.json;
  };
  const shape = (entries: any[]) =>
    entries.map((e) => `${e.at.slice(8, 10)} ${e.userId ?? 'system'} ${e.tool}`);

  it('narrows by person, by "system", by tool and by a time range', async () => {
    assert.deepEqual(shape((await get(`user=${member.id}&tool=memory_write`)).entries), [
      '14 max memory_write',
      '11 max memory_write',
    ]);
    assert.deepEqual(shape((await get('user=system')).entries), ['13 system dream_pass']);
    const range = await get('from=2026-11-11T00:00:00Z&to=2026-11-13T00:00:00Z');
    assert.deepEqual(shape(range.entries), ['12 max finance_log', '11 max memory_write']);
    assert.deepEqual(range.tools, ['dream_pass', 'finance_log', 'memory_write']);
  });

  it('pages with `before` until there is no next page', async () => {
    const first = await get('limit=2&from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z');
    assert.equal(first.entries.length, 2);
    const second = await get(
      `limit=2&before=${first.next_before}&from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z`,
    );
    const third = await get(
      `limit=2&before=${second.next_before}&from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z`,
    );
    assert.equal(third.next_before, null);
    assert.deepEqual(
      shape([...first.entries, ...second.entries, ...third.entries]).map((s) => s.slice(0, 2)),
      ['14', '13', '12', '11', '10'],
    );
  });

  it('answers 400 with the reason for a bad filter, and 403 to a member', async () => {
    const bad = await call(app, owner, 'GET', '/admin/audit?from=yesterday');
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.details[0].path, 'from');
    const backwards = await call(
      app,
      owner,
      'GET',
      '/admin/audit?from=2026-11-12T00:00:00Z&to=2026-11-11T00:00:00Z',
    );
    assert.equal(backwards.status, 400);
    assert.equal(backwards.json.error.details[0].message, 'from must be before to');
    assert.equal((await call(app, owner, 'GET', '/admin/audit?who=max')).status, 400);
    assert.equal((await call(app, member, 'GET', '/admin/audit')).status, 403);
  });
});
