// API tokens resolve to their live holder in one read: revoked, removed or demoted takes effect on the next request.
import assert from 'node:assert/strict';
import { removeUser } from '../../../core/auth/remove-user.ts';
import { hashToken } from '../../../core/auth/token-store.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';

describe('token store: who a token acts for', () => {
  let app: BootedApp;
  before(async () => {
    app = await bootApp({ listen: false });
  });
  after(() => app.stop({ clean: true }));
  const c = () => app.quorra.conversation;

  it('stores SHA-256 in hex, so every token, session and sign-in link hashed before still matches', () => {
    // FIPS 180-2's "abc" test vector
    assert.equal(hashToken('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('answers the holder as a principal, and null for an unknown or revoked token', async () => {
    const ada = await c().users.add({ name: 'Ada', role: 'owner' });
    const { id, token } = await c().tokens.issue(ada.id, 'laptop');
    assert.deepEqual(await c().tokens.holder(token), {
      kind: 'user',
      userId: ada.id,
      role: 'owner',
      displayName: 'Ada',
    });
    assert.equal(await c().tokens.holder(`${token}x`), null);
    assert.equal(await c().tokens.holder('qra_not-a-token'), null);
    assert.ok(await c().tokens.revoke(id));
    assert.equal(await c().tokens.holder(token), null, 'refused on the very next look-up');
  });

  it('follows the person: a new role or name at once, nothing once they are removed', async () => {
    await c().users.add({ name: 'Olivia', role: 'owner' });
    const ben = await c().users.add({ name: 'Ben', role: 'member' });
    const token = await c().tokens.create(ben.id);
    assert.equal((await c().tokens.holder(token))?.role, 'member');
    await c().users.edit(ben.id, { role: 'owner', name: 'Benjamin' });
    const promoted = await c().tokens.holder(token);
    assert.equal(promoted?.role, 'owner');
    assert.equal(promoted?.displayName, 'Benjamin');
    await c().users.edit(ben.id, { role: 'member' });
    assert.equal((await c().tokens.holder(token))?.role, 'member');
    // removal revokes the tokens too; a token row left behind must still not act for a removed person
    await c().users.remove(ben.id);
    assert.equal(await c().tokens.holder(token), null);
    const carl = await c().users.add({ name: 'Carl', role: 'member' });
    const carlToken = await c().tokens.create(carl.id);
    await removeUser(
      {
        users: c().users,
        tokens: c().tokens,
        sessions: c().browserSessions,
        grants: c().signInGrants,
      },
      carl.id,
    );
    assert.equal(await c().tokens.holder(carlToken), null);
  });

  it('records the last use at most once a minute', async () => {
    const dora = await c().users.add({ name: 'Dora', role: 'member' });
    const { id, token } = await c().tokens.issue(dora.id);
    assert.equal((await c().tokens.get(id))?.lastUsedAt, null);
    const before = Date.now();
    await c().tokens.holder(token);
    const first = (await c().tokens.get(id))?.lastUsedAt;
    assert.ok(first instanceof Date && first.getTime() >= before - 1000, 'set on first use');
    await c().tokens.holder(token);
    assert.equal((await c().tokens.get(id))?.lastUsedAt?.getTime(), first.getTime(), 'not rewritten at once');
  });
});
