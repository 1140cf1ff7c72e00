// Household users: names that cannot lie (no invisible or bidi characters) and no silent second "Max".
import assert from 'node:assert/strict';
import { QuorraError } from '../../../core/contracts/errors.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';

describe('user store', () => {
  let app: BootedApp;
  before(async () => {
    app = await bootApp({ listen: false });
  });
  after(() => app.stop({ clean: true }));
  const users = () => app.quorra.conversation.users;

  it('refuses a second user with the same name, naming the first, unless asked for explicitly', async () => {
    const max = await users().add({ name: 'Max', role: 'member' });
    for (const name of ['Max', 'max', ' MAX\u200B', '\u202DMax']) {
      await assert.rejects(users().add({ name, role: 'member' }), (err: unknown) => {
        assert.ok(err instanceof QuorraError);
        assert.equal(err.code, 'QUORRA_USER_EXISTS');
        assert.match(err.message, /"Max" exists \(max\)/);
        assert.deepEqual(err.details, { existing: max.id });
        return true;
      });
    }
    assert.equal((await users().list()).length, 1);
    const second = await users().add({ name: 'Max', role: 'member' }, { allowDuplicate: true });
    assert.equal(second.id, 'max-2');
  });

  it('keeps names on one visible line and refuses NUL and lone surrogates', async () => {
    const u = await users().add({ name: 'Ann\u202E\u200B\nBerg\u0007', role: 'member' });
    assert.equal(u.displayName, 'Ann Berg');
    await assert.rejects(users().add({ name: 'Eve\u0000', role: 'member' }), /NUL/);
    await assert.rejects(users().add({ name: 'Eve\uDC00', role: 'member' }), /surrogate/);
    await assert.rejects(users().add({ name: '\u200B\u2066', role: 'member' }), /visible name/);
  });

  it('finds a sender by exactly one of their Matrix IDs, never by a part of one or a wildcard, never once removed', async () => {
    const zoe = await users().add({
      name: 'Zoe',
      role: 'member',
      matrix: ['@zoe:home.example', '@z.o:work.example'],
    });
    await users().add({ name: 'Zoey', role: 'member', matrix: ['@zoey:home.example'] });
    assert.equal((await users().findByMatrixId('@zoe:home.example'))?.id, zoe.id);
    assert.equal((await users().findByMatrixId('@z.o:work.example'))?.id, zoe.id);
    assert.equal((await users().findByMatrixId('@zoey:home.example'))?.displayName, 'Zoey');
    for (const mxid of [
      '@zoe:home',
      'zoe:home.example',
      '@z_e:home.example',
      '@zo%:home.example',
      '@ZOE:home.example',
    ])
      assert.equal(await users().findByMatrixId(mxid), null, mxid);
    await users().remove(zoe.id);
    assert.equal(await users().findByMatrixId('@zoe:home.example'), null);
  });
});
