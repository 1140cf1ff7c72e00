// Signing Quorra in to an OAuth-protected MCP server: discovery, registration, authorize, token, a call, a refresh.
import assert from 'node:assert/strict';
import type { McpApi } from '../../../plugins/mcp/index.ts';
import { OAuthGrant } from '../../../plugins/mcp/oauth-grant.entity.ts';
import { call, chat, eventually } from '../../support/household.ts';
import { ScriptedModelServer, toolMessagesOf } from '../../support/model-server.ts';
import { OAuthMcpServer } from '../../support/oauth-mcp-server.ts';
import { type KitPerson, type PluginKit, pluginKit } from '../../support/plugin-kit.ts';

describe('mcp plugin with an OAuth-protected server', function () {
  this.timeout(30_000);
  let model: ScriptedModelServer;
  let server: OAuthMcpServer;
  let kit: PluginKit;
  let owner: KitPerson;
  let member: KitPerson;
  const connection = () => kit.app.quorra.plugins.api<McpApi>('mcp')!.servers.get('sv')!.connection;
  const grantRow = async () =>
    (await kit.app.quorra.db.getRepository(OAuthGrant).findOneBy({ serverId: 'sv' }))!;

  before(async () => {
    model = await ScriptedModelServer.start();
    server = await OAuthMcpServer.start();
    kit = await pluginKit(['mcp'], {
      model,
      config: {
        model: { toolsPerTurn: 64 },
        plugins: {
          mcp: {
            settings: { servers: [{ id: 'sv', label: 'Signed service', scope: 'home', url: server.url }] },
          },
        },
      },
    });
    owner = await kit.person('Olivia', 'owner');
    member = await kit.person('Max', 'member');
  });
  after(async () => {
    await kit?.stop();
    await server?.close();
    await model?.close();
  });

  async function whoami(): Promise<string> {
    model.reset();
    const phrase = `who am I ${Math.random()}`;
    model.on(phrase, { toolCalls: [{ name: 'sv_whoami', arguments: {} }] });
    const r = await chat(kit.app, owner, { message: phrase, scope: ['home'] });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return toolMessagesOf(model.chatRequests().at(-1)!.body)[0];
  }

  it('waits for the owner to sign in, without retrying, and says so in /health/details', async () => {
    await eventually(() => connection().needsSignIn, 10_000);
    const res = await fetch(`${kit.app.url}/health/details`, { headers: owner.headers });
    const mcp = ((await res.json()) as any).checks.mcp;
    assert.equal(mcp.status, 'degraded');
    assert.match(mcp.reason, /Signed service \(needs signing in\)/);
    assert.equal(mcp.servers.sv.needs_sign_in, true);
    assert.equal(server.auth.counts.registered, 0, 'nothing is registered before the owner asks');
  });

  it('lets only an owner start, and refuses a service that has nothing to sign in to', async () => {
    const asMember = await call(kit.app, member, 'POST', '/plugins/mcp/servers/sv/sign-in', {
      back_to: kit.app.url,
    });
    assert.equal(asMember.status, 403);
    const unknown = await call(kit.app, owner, 'POST', '/plugins/mcp/servers/nope/sign-in', {
      back_to: kit.app.url,
    });
    assert.equal(unknown.status, 404);
    const bad = await call(kit.app, owner, 'POST', '/plugins/mcp/servers/sv/sign-in', {
      back_to: 'javascript:x',
    });
    assert.equal(bad.status, 400);
  });

  it('goes discovery → registration → authorize → token, then calls a tool, then refreshes an expired token', async () => {
    const start = await call(kit.app, owner, 'POST', '/plugins/mcp/servers/sv/sign-in', {
      back_to: `${kit.app.url}/admin/`,
    });
    assert.equal(start.status, 200, JSON.stringify(start.json));
    assert.equal(start.json.signed_in, false);
    const authorize = new URL(start.json.authorize_url);
    assert.equal(authorize.origin, new URL(server.url).origin, 'the server’s own authorize page');
    assert.equal(authorize.searchParams.get('code_challenge_method'), 'S256');
    assert.equal(server.auth.counts.registered, 1, 'registered itself (dynamic client registration)');

    // the owner's browser: the authorize page sends it back to Quorra's callback
    const consent = await fetch(authorize, { redirect: 'manual' });
    assert.equal(consent.status, 302);
    const back = new URL(consent.headers.get('location')!);
    assert.equal(`${back.origin}${back.pathname}`, `${kit.app.url}/plugins/mcp/oauth/callback`);
    const done = await fetch(back);
    assert.equal(done.status, 200);
    assert.match(await done.text(), /Quorra is signed in to Signed service/);
    assert.equal(server.auth.counts.exchanged, 1);

    // the same way back again does nothing: its state worked once
    const again = await fetch(back);
    assert.equal(again.status, 400);
    assert.match(await again.text(), /old or was used already/);

    await eventually(() => connection().state === 'ready', 10_000);
    assert.equal(connection().needsSignIn, false);
    const registered = [...server.auth.clients.keys()][0];
    assert.match(await whoami(), new RegExp(`hello, client ${registered}`));

    // tokens are sealed at rest: neither the access nor the refresh token is in the row in clear
    const row = await grantRow();
    assert.ok(row.sealed);
    for (const t of [...server.auth.access.keys(), ...server.auth.refresh.keys()])
      assert.ok(!row.sealed.includes(t));
    assert.ok(!row.sealed.includes(registered), 'the client id is sealed too');

    server.expireAccessTokens();
    assert.match(await whoami(), /hello, client/);
    assert.equal(server.auth.counts.refreshed, 1, 'the expired token was refreshed');
    assert.equal(server.auth.counts.authorized, 1, 'without asking the owner again');
    assert.equal(server.calls.length, 2);
  });

  it('answers a callback with no known state, or a refusal, in words', async () => {
    const none = await fetch(`${kit.app.url}/plugins/mcp/oauth/callback?state=nope&code=x`);
    assert.equal(none.status, 400);
    assert.match(await none.text(), /Start again from Quorra/);
  });
});
