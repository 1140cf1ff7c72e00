// Look-alike names are refused like duplicates (UTS #39 skeletons): users and workspaces answer 409 naming the existing one.
import assert from 'node:assert/strict';
import { caselessSkeleton, skeleton } from '../../../core/text/confusable-skeleton.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';

describe('confusable names', () => {
  it('reduces look-alikes to one skeleton and keeps different names apart', () => {
    assert.equal(skeleton('\u041Elivia'), 'Olivia'); // Cyrillic capital O
    assert.equal(caselessSkeleton('OIivia'), caselessSkeleton('olivia')); // capital I for l
    assert.equal(caselessSkeleton('M\u0430x'), caselessSkeleton('MAX')); // Cyrillic a
    assert.equal(caselessSkeleton('\u039Cax'), caselessSkeleton('max')); // Greek capital Mu
    assert.notEqual(caselessSkeleton('Mia'), caselessSkeleton('Max'));
    assert.notEqual(caselessSkeleton('Ola'), caselessSkeleton('Olivia'));
  });

  describe('over HTTP', () => {
    let app: BootedApp;
    let owner: TestUser;
    before(async () => {
      app = await bootApp();
      owner = await addUser(app, 'Olivia');
    });
    after(() => app.stop({ clean: true }));

    it('refuses a user whose name only looks like an existing one, naming that one', async () => {
      for (const name of ['\u041Elivia', 'OIivia', 'O\u200Blivia', 'Оlіvіа']) {
        const r = await call(app, owner, 'POST', '/admin/users', { name, role: 'member' });
        assert.equal(r.status, 409, name);
        assert.equal(r.json.error.code, 'QUORRA_USER_EXISTS');
        assert.match(r.json.error.message, /a user named "Olivia" exists/);
      }
      const mia = await call(app, owner, 'POST', '/admin/users', { name: 'Mia', role: 'member' });
      assert.equal(mia.status, 201);
      assert.equal(
        (await app.quorra.conversation.users.list()).filter((u) => /livia/i.test(u.displayName)).length,
        1,
      );
    });

    it('refuses a workspace whose name only looks like an existing one, naming that one', async () => {
      const create = (name: string) =>
        call(app, owner, 'POST', '/workspaces', { name, services: ['general'] });
      assert.equal((await create('Boat Shed')).status, 201);
      const look = await create('\u0412oat Sh\u0435d'); // Cyrillic В and е
      assert.equal(look.status, 409);
      assert.equal(look.json.error.code, 'WORKSPACE_NAME_TAKEN');
      assert.match(look.json.error.message, /"Boat Shed" exists \(boat-shed\)/);
      assert.equal((await create('Boat House')).status, 201);
    });
  });
});
