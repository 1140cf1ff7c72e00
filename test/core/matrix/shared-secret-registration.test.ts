// A family member's Matrix account made through Synapse's shared-secret registration API, on the homeserver double
// that serves it as Synapse does; the new person then signs in with matrix-js-sdk and the temporary password.
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { createClient } from 'matrix-js-sdk';
import {
  registerWithSharedSecret,
  registrationMac,
} from '../../../core/matrix/shared-secret-registration.ts';
import { MatrixHomeserver } from '../../support/matrix-homeserver/index.ts';

const secret = 'the-registration-shared-secret';

describe('shared-secret registration (Synapse admin API)', () => {
  let hs: MatrixHomeserver;
  let closed: MatrixHomeserver;
  before(async () => {
    hs = await MatrixHomeserver.start({ registrationSharedSecret: secret });
    closed = await MatrixHomeserver.start();
  });
  after(async () => {
    await hs.close();
    await closed.close();
  });

  it('computes the mac as Synapse documents it (HMAC-SHA1 over NUL-separated nonce, user, password, admin)', () => {
    // the fields as separate updates, the way Synapse's own Python example builds it
    const h = createHmac('sha1', secret);
    for (const [i, part] of ['abc', 'leo', 'pw', 'notadmin'].entries()) h.update(`${i ? '\x00' : ''}${part}`);
    assert.equal(registrationMac(secret, 'abc', 'leo', 'pw', false), h.digest('hex'));
    assert.notEqual(
      registrationMac(secret, 'abc', 'leo', 'pw', true),
      registrationMac(secret, 'abc', 'leo', 'pw', false),
    );
  });

  it('creates the account, and the person signs in with matrix-js-sdk and the temporary password', async () => {
    const made = await registerWithSharedSecret({
      homeserverUrl: hs.url,
      sharedSecret: secret,
      username: 'leo',
      displayName: 'Leo',
    });
    assert.equal(made.userId, '@leo:localhost');
    assert.ok(made.password.length >= 16);
    const client = createClient({ baseUrl: hs.url });
    const login = await client.loginRequest({
      type: 'm.login.password',
      identifier: { type: 'm.id.user', user: 'leo' },
      password: made.password,
    });
    assert.equal(login.user_id, '@leo:localhost');
    const who = createClient({ baseUrl: hs.url, accessToken: login.access_token, userId: login.user_id });
    assert.equal((await who.getProfileInfo('@leo:localhost')).displayname, 'Leo');
    client.stopClient();
    who.stopClient();
  });

  it('says in words when the user name is taken or the secret is wrong, and when the server has it off', async () => {
    await assert.rejects(
      registerWithSharedSecret({
        homeserverUrl: hs.url,
        sharedSecret: secret,
        username: 'leo',
        displayName: 'Leo',
      }),
      /Matrix user name is taken already/,
    );
    await assert.rejects(
      registerWithSharedSecret({
        homeserverUrl: hs.url,
        sharedSecret: 'wrong',
        username: 'mia',
        displayName: 'Mia',
      }),
      /refused the registration secret/,
    );
    await assert.rejects(
      registerWithSharedSecret({
        homeserverUrl: closed.url,
        sharedSecret: secret,
        username: 'mia',
        displayName: 'Mia',
      }),
      { code: 'QUORRA_MATRIX_REGISTRATION_FAILED' },
    );
  });

  it('spends a nonce on its first use, as Synapse does', async () => {
    const { nonce } = (await (await fetch(`${hs.url}/_synapse/admin/v1/register`)).json()) as {
      nonce: string;
    };
    const post = (username: string) =>
      fetch(`${hs.url}/_synapse/admin/v1/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          nonce,
          username,
          password: 'pw-123456',
          admin: false,
          mac: registrationMac(secret, nonce, username, 'pw-123456', false),
        }),
      });
    assert.equal((await post('nina')).status, 200);
    const again = await post('otto');
    assert.equal(again.status, 400);
    assert.deepEqual(await again.json(), { errcode: 'M_UNKNOWN', error: 'unrecognised nonce' });
  });
});
