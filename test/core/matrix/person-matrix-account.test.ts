// Adding a person creates their Matrix account (Synapse's shared-secret registration on the double), maps it, and
// that person signs in with the one-time password and talks to the bot; the password is nowhere but the answer.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createClient } from 'matrix-js-sdk';
import { addUser, call, type TestUser } from '../../support/household.ts';
import { captureLog } from '../../support/log-capture.ts';
import { nextTimelineEvent, waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { lastUserText } from '../../support/model-server.ts';
import { MatrixWorld } from './matrix-world.ts';

const SECRET = 'the-household-synapse-registration-secret';

describe('adding a person creates their Matrix account', () => {
  const log = captureLog('debug');
  const w = new MatrixWorld({
    logger: log.logger,
    registrationSharedSecret: SECRET,
    config: {
      matrix: {
        registrationSharedSecret: SECRET,
        publicUrl: 'http://192.0.2.10:8008',
        elementUrl: 'http://192.0.2.10:8088',
      },
    },
  });
  let owner: TestUser;

  before(async () => {
    await w.start();
    owner = await addUser(w.app, 'Olivia', 'owner');
  });
  after(() => w.close());

  it('creates the account, maps it, and the person signs in and gets an answer from the bot', async () => {
    const info = await call(w.app, owner, 'GET', '/admin/matrix-accounts');
    assert.deepEqual(info.json, { can_create: true, server_name: 'localhost' });
    const added = await call(w.app, owner, 'POST', '/admin/users', {
      name: 'Ana Silva',
      role: 'member',
      matrix_account: true,
    });
    assert.equal(added.status, 201, JSON.stringify(added.json));
    const account = added.json.matrix_account;
    assert.equal(account.user_id, '@ana-silva:localhost');
    assert.deepEqual(added.json.user.matrix_ids, ['@ana-silva:localhost']);
    assert.equal(account.homeserver_url, 'http://192.0.2.10:8008');
    assert.equal(account.sign_in_url, 'http://192.0.2.10:8088/#/login');
    assert.match(account.temporary_password, /^[\w-]{16}$/);
    // the account exists on the homeserver, created through Synapse's admin registration API
    assert.ok(
      w.hs.requests.some(
        (r) => r.method === 'POST' && r.path === '/_synapse/admin/v1/register' && r.status === 200,
      ),
    );

    // Ana signs in the way Element does, with the temporary password
    const login = await createClient({ baseUrl: w.hs.url }).login('m.login.password', {
      identifier: { type: 'm.id.user', user: 'ana-silva' },
      password: account.temporary_password,
    });
    assert.equal(login.user_id, '@ana-silva:localhost');
    const ana = await w.client({
      userId: login.user_id,
      accessToken: login.access_token,
      deviceId: login.device_id,
      password: account.temporary_password,
    });
    const { room_id: roomId } = await ana.createRoom({
      is_direct: true,
      invite: [w.bot.userId],
      preset: 'trusted_private_chat' as never,
    });
    await waitUntil(() => w.hs.membership(roomId, w.bot.userId) === 'join', 10000, 'the bot to join');
    w.model.next({ content: 'Hello Ana, welcome home.' });
    const seen = nextTimelineEvent(
      ana,
      (ev: any) => ev.getSender() === w.bot.userId && ev.getType() === 'm.room.message',
    );
    await ana.sendTextMessage(roomId, 'hello, are you there?');
    assert.equal((await seen).getContent().body, 'Hello Ana, welcome home.');
    assert.equal(lastUserText(w.model.chatRequests().at(-1)!.body), 'hello, are you there?');

    // the password and the shared secret are in no log line, no audit record and no listing
    const audit = readFileSync(path.join(w.dataDir, 'audit.jsonl'), 'utf8');
    assert.match(audit, /admin_add_user/);
    const listing = JSON.stringify((await call(w.app, owner, 'GET', '/admin/users')).json);
    for (const secret of [account.temporary_password, SECRET])
      for (const [where, text] of [
        ['log', log.text()],
        ['audit', audit],
        ['listing', listing],
      ])
        assert.ok(!text.includes(secret), `a secret in the ${where}`);
  });

  it('a user name the homeserver refuses leaves no person behind, and says why in words', async () => {
    w.hs.registerUser('max', { displayName: 'Someone else' });
    const refused = await call(w.app, owner, 'POST', '/admin/users', {
      name: 'Max',
      role: 'member',
      matrix_account: true,
    });
    assert.equal(refused.status, 502);
    assert.match(refused.json.error.message, /user name is taken already/);
    const people = (await call(w.app, owner, 'GET', '/admin/users')).json.users.map(
      (u: any) => u.display_name,
    );
    assert.ok(!people.includes('Max'), 'the person was taken back out');
    const again = await call(w.app, owner, 'POST', '/admin/users', {
      name: 'Max',
      role: 'member',
      matrix_account: true,
      matrix_username: 'max.silva',
    });
    assert.equal(again.status, 201, JSON.stringify(again.json));
    assert.equal(again.json.user.id, 'max');
    assert.deepEqual(again.json.user.matrix_ids, ['@max.silva:localhost']);
  });

  it('a member cannot create accounts or learn whether Quorra can', async () => {
    const member = await addUser(w.app, 'Bea', 'member');
    assert.equal((await call(w.app, member, 'GET', '/admin/matrix-accounts')).status, 403);
    const r = await call(w.app, member, 'POST', '/admin/users', {
      name: 'Zed',
      role: 'member',
      matrix_account: true,
    });
    assert.equal(r.status, 403);
    assert.ok(!w.hs.requests.some((q) => q.body?.username === 'zed'));
  });
});

describe('adding a person on a homeserver Quorra holds no secret for', () => {
  const w = new MatrixWorld();
  let owner: TestUser;
  before(async () => {
    await w.start();
    owner = await addUser(w.app, 'Olivia', 'owner');
  });
  after(() => w.close());

  it('says so and asks for the person’s existing Matrix ID instead; with one it maps it', async () => {
    assert.equal((await call(w.app, owner, 'GET', '/admin/matrix-accounts')).json.can_create, false);
    const r = await call(w.app, owner, 'POST', '/admin/users', {
      name: 'Ana',
      role: 'member',
      matrix_account: true,
    });
    assert.equal(r.status, 409);
    assert.equal(r.json.error.code, 'QUORRA_MATRIX_ACCOUNTS_OFF');
    assert.match(r.json.error.message, /give the person’s existing Matrix ID/);
    const ok = await call(w.app, owner, 'POST', '/admin/users', {
      name: 'Ana',
      role: 'member',
      matrix_ids: ['@ana:elsewhere.example'],
    });
    assert.equal(ok.status, 201);
    assert.equal(ok.json.matrix_account, undefined);
    assert.ok(!w.hs.requests.some((q) => q.path.startsWith('/_synapse/')));
  });
});
