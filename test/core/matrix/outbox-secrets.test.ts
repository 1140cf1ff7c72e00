// Sign-in codes never sit in the outbox: the DM carries the code, the table, the API and the log only "a sign-in code for Max".
import assert from 'node:assert/strict';
import { OutboxItem } from '../../../core/matrix/outbox-item.entity.ts';
import { OutboxSecrets1765400000000 } from '../../../migrations/matrix/1765400000000-outbox-secrets.ts';
import { call } from '../../support/household.ts';
import { captureLog } from '../../support/log-capture.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { MatrixWorld } from './matrix-world.ts';

describe('outbox secrets (sign-in codes)', () => {
  const log = captureLog('debug');
  const w = new MatrixWorld({ logger: log.logger });
  let max: RegisteredUser;
  let maxId = '';

  before(async () => {
    await w.start();
    const m = await w.member('max', 'Max', 'member');
    max = m.mx;
    maxId = m.user!.id;
  });
  after(() => w.close());

  const codeDms = () =>
    w.hs.requests
      .filter(
        (r) => r.userId === w.bot.userId && r.method === 'PUT' && r.path.includes('/send/m.room.message/'),
      )
      .map((r) => String(r.body?.body ?? ''))
      .filter((b) => /sign-in code is/.test(b));

  const ask = () =>
    fetch(`${w.app.url}/auth/matrix-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matrix_id: max.userId }),
    });

  it('DMs a working code while the table, the owner’s listing and the log hold only a label', async () => {
    assert.equal((await ask()).status, 202);
    const dm = await waitUntil(() => codeDms()[0], 10_000, 'the sign-in DM');
    const code = /code is (\d{6})/.exec(dm)![1];
    const link = /\/link\/(\S+)/.exec(dm)![1];
    await waitUntil(
      async () =>
        (await w.app.quorra.db.getRepository(OutboxItem).findOneBy({ userId: maxId }))?.state === 'sent',
      10_000,
      'the item marked sent',
    );

    // the table, read as it is stored
    const rows: Record<string, unknown>[] = await w.app.quorra.db.query('SELECT * FROM matrix_outbox');
    assert.equal(rows.length, 1);
    assert.equal(rows[0].text, 'a sign-in code for Max');
    assert.equal(rows[0].secret_kind, 'sign-in');
    const stored = JSON.stringify(rows);
    assert.ok(!stored.includes(code) && !stored.includes(link), 'neither code nor link is stored');

    // the owner's listing (the admin UI reads the same route)
    const owner = await w.member('olivia', 'Olivia', 'owner');
    const listing = await call(w.app, owner.user!, 'GET', '/matrix/outbox');
    assert.equal(listing.status, 200);
    assert.deepEqual(
      listing.json.items.map((i: { text: string }) => i.text),
      ['a sign-in code for Max'],
    );
    assert.ok(!JSON.stringify(listing.json).includes(code));
    assert.ok(!log.text().includes(code) && !log.text().includes(link), 'nor logged');

    // and the code works
    const verify = await fetch(`${w.app.url}/auth/matrix-code/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matrix_id: max.userId, code }),
    });
    assert.equal(verify.status, 200);
  });

  it('rewrites codes an earlier version stored in clear into the label, on SQLite and PostgreSQL', async () => {
    const repo = w.app.quorra.db.getRepository(OutboxItem);
    await repo.insert({
      ...(await repo.findOneByOrFail({ userId: maxId })),
      id: '00000000-0000-4000-8000-000000000001',
      text: 'Your Quorra sign-in code is 123456. It works once, for 10 minutes.\nOr open this link: http://x/admin/#/link/abc',
      secretKind: null,
    });
    const q = w.app.quorra.db.createQueryRunner();
    try {
      await new OutboxSecrets1765400000000().up(q);
    } finally {
      await q.release();
    }
    const old = await repo.findOneByOrFail({ id: '00000000-0000-4000-8000-000000000001' });
    assert.equal(old.text, 'a sign-in code for Max');
    assert.equal(old.secretKind, 'sign-in');
    const all = JSON.stringify(await w.app.quorra.db.query('SELECT * FROM matrix_outbox'));
    assert.ok(!all.includes('123456'));
  });
});
