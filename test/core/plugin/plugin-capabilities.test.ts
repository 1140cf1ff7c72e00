// The plugin contract's capabilities in a booted app: route auth and validation by the host, people, notify,
// and everything a plugin registered gone once it is disabled.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { signBody } from '../../../core/http/request-signature.ts';
import { CONTRACT_SECRET, type ContractApi } from '../../fixtures/capability-plugins/contract/index.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';

const plugins = fileURLToPath(new URL('../../fixtures/capability-plugins', import.meta.url));

describe('plugin capabilities', () => {
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  const api = () => app.quorra.plugins.api<ContractApi>('contract')!;

  before(async () => {
    app = await bootApp({ pluginRoots: [plugins] });
    owner = await addUser(app, 'Olivia', 'owner', { matrix: ['@olivia:home.test'] });
    member = await addUser(app, 'Max', 'member');
  });
  after(() => app.stop({ clean: true }));

  it('validates a public route’s query and answers 400 with the issues', async () => {
    assert.deepEqual((await call(app, null, 'GET', '/plugins/contract/open?n=4')).json, { twice: 8 });
    const bad = await call(app, null, 'GET', '/plugins/contract/open?n=40');
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'VALIDATION_FAILED');
    assert.equal(bad.json.error.details[0].path, 'n');
  });

  it('authenticates member routes and hands the handler the caller', async () => {
    assert.equal((await call(app, null, 'GET', '/plugins/contract/me')).status, 401);
    assert.deepEqual((await call(app, member, 'GET', '/plugins/contract/me')).json, {
      user: member.id,
      role: 'member',
    });
  });

  it('keeps owner routes from members, then validates params and body', async () => {
    const asMember = await call(app, member, 'POST', '/plugins/contract/items/3', { label: 'x' });
    assert.equal(asMember.status, 403);
    assert.equal(asMember.json.error.code, 'FORBIDDEN');
    const ok = await call(app, owner, 'POST', '/plugins/contract/items/3', { label: 'milk' });
    assert.equal(ok.status, 201);
    assert.deepEqual(ok.json, { id: 3, label: 'milk' });
    const badParam = await call(app, owner, 'POST', '/plugins/contract/items/zero', { label: 'milk' });
    assert.equal(badParam.status, 400);
    const extra = await call(app, owner, 'POST', '/plugins/contract/items/3', { label: 'milk', more: 1 });
    assert.equal(extra.json.error.code, 'VALIDATION_FAILED');
  });

  it('verifies a signed route’s HMAC before the body is even validated', async () => {
    const now = String(Math.floor(Date.now() / 1000));
    const post = (body: string, signature?: string) =>
      fetch(`${app.url}/plugins/contract/hook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-quorra-timestamp': now,
          ...(signature ? { 'x-quorra-signature': signature } : {}),
        },
        body,
      });
    const body = JSON.stringify({ event: 'ping' });
    assert.equal((await post(body)).status, 401);
    assert.equal((await post(body, signBody('wrong-secret', now, body))).status, 401);
    assert.equal((await post(body, signBody(CONTRACT_SECRET, now, body))).status, 204);
    const other = JSON.stringify({ event: 'pong' });
    assert.equal((await post(other, signBody(CONTRACT_SECRET, now, other))).status, 400);
  });

  it('finds people by id, Matrix ID and email, and lists the owners', async () => {
    const { people } = api().ctx;
    assert.equal((await people.byMatrixId('@olivia:home.test'))?.id, owner.id);
    assert.equal((await people.get(member.id))?.role, 'member');
    assert.equal(await people.byEmail('nobody@home.test'), null);
    assert.deepEqual(
      (await people.owners()).map((p) => p.id),
      [owner.id],
    );
  });

  it('always has notify: without Matrix the notice is queued, not lost', async () => {
    const item = await api().ctx.notify(owner.id, 'The bins go out tonight', { urgency: 'low' });
    assert.equal(item.state, 'queued');
    assert.equal((await app.quorra.db.query('SELECT count(*) AS n FROM matrix_outbox'))[0].n, 1);
  });

  it('removes every route, hook, job, tool, command, reply handler and listener of a disabled plugin', async () => {
    const { registries, conversation, scheduler } = app.quorra;
    const contextHooks = conversation.hooks.at('context').length;
    const seen = api().created;
    await app.quorra.workspaces.create(
      { name: 'Garden', kind: 'household', services: ['general'] },
      owner.id,
    );
    assert.deepEqual(seen, ['garden']);

    await app.quorra.plugins.setEnabled('contract', false);
    assert.equal((await call(app, owner, 'GET', '/plugins/contract/me')).status, 404);
    assert.equal((await call(app, null, 'GET', '/plugins/contract/open?n=1')).status, 404);
    assert.equal(conversation.hooks.at('context').length, contextHooks - 1);
    assert.equal(
      scheduler.list().some((j) => j.name === 'contract.yearly'),
      false,
    );
    assert.equal(registries.tools.has('contract_ping'), false);
    assert.equal(registries.commands.has('contract'), false);
    assert.equal(registries.replies.has('contract-reply'), false);
    await app.quorra.workspaces.create({ name: 'Shed', kind: 'household', services: ['general'] }, owner.id);
    assert.deepEqual(seen, ['garden']);

    await app.quorra.plugins.setEnabled('contract', true);
    assert.equal((await call(app, member, 'GET', '/plugins/contract/me')).status, 200);
    assert.equal(registries.tools.has('contract_ping'), true);
  });
});
