// Bearer tokens are judged against the database on every request: a change made by another process counts at once.
import assert from 'node:assert/strict';
import { withStores } from '../../../core/cli/user-commands.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call } from '../../support/household.ts';

describe('bearer authentication', () => {
  let app: BootedApp;
  before(async () => {
    app = await bootApp();
  });
  after(() => app.stop({ clean: true }));
  // the CLI's own way in: a connection of its own on the same database, as `quorra user|token …` opens it
  const cli = <T>(fn: Parameters<typeof withStores<T>>[1]) => withStores(app.quorra.config, fn);

  it('sees a role change and a revocation made by the CLI on the very next request', async () => {
    await addUser(app, 'Olivia');
    const ben = await addUser(app, 'Ben', 'owner');
    assert.equal((await call(app, ben, 'GET', '/admin/users')).status, 200);
    await cli((s) => s.users.edit(ben.id, { role: 'member' }));
    const demoted = await call(app, ben, 'GET', '/admin/users');
    assert.equal(demoted.status, 403, 'no longer an owner');
    assert.equal((await call(app, ben, 'GET', '/tokens')).status, 200, 'still a member');
    await cli((s) => s.tokens.revokeAll(ben.id));
    const revoked = await call(app, ben, 'GET', '/tokens');
    assert.equal(revoked.status, 401);
    assert.equal(revoked.json.error.code, 'UNAUTHORIZED');
  });

  it('refuses a token whose holder the CLI removed, and a malformed or unknown one', async () => {
    const cara = await addUser(app, 'Cara', 'member');
    assert.equal((await call(app, cara, 'GET', '/tokens')).status, 200);
    await cli((s) => s.users.remove(cara.id));
    assert.equal((await call(app, cara, 'GET', '/tokens')).status, 401, 'a removed person is refused');
    for (const authorization of [`Bearer ${cara.token}x`, 'Bearer', `Basic ${cara.token}`, '']) {
      const res = await fetch(`${app.url}/tokens`, { headers: { authorization } });
      assert.equal(res.status, 401, authorization);
    }
  });
});
