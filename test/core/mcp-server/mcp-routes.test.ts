// Quorra's own MCP server (/mcp) through the SDK's client: a person's tools, their seals, tier-2 confirmations, tokens.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { McpApi } from '../../../plugins/mcp/index.ts';
import { call, chat } from '../../support/household.ts';
import { everythingOverStdio } from '../../support/mcp-everything.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { type KitPerson, type PluginKit, pluginKit } from '../../support/plugin-kit.ts';

describe('Quorra as an MCP server (/mcp)', function () {
  this.timeout(30_000);
  let model: ScriptedModelServer;
  let kit: PluginKit;
  let owner: KitPerson;
  let member: KitPerson;
  const clients: Client[] = [];

  async function clientFor(token: string): Promise<Client> {
    const client = new Client({ name: 'test-app', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${kit.app.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }
  const text = (r: any) => (r.content as { text: string }[]).map((c) => c.text).join('\n');

  before(async () => {
    model = await ScriptedModelServer.start();
    // a household service bound to the everyday scope, one of its tools raised to tier 2 by the owner
    const servers = [
      everythingOverStdio({
        scope: 'general',
        tools: { 'toggle-simulated-logging': { tier: 2 }, 'get-env': { audience: 'owner' } },
      }),
    ];
    kit = await pluginKit(['mcp'], { model, config: { plugins: { mcp: { settings: { servers } } } } });
    assert.equal(await kit.app.quorra.plugins.api<McpApi>('mcp')!.ready(20_000), true);
    owner = await kit.person('Olivia', 'owner');
    member = await kit.person('Max', 'member');
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await kit?.stop();
    await model?.close();
  });

  it('answers a bad token with 401 and lets no client in', async () => {
    const res = await fetch(`${kit.app.url}/mcp`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer not-a-token',
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    assert.equal(res.status, 401);
    await assert.rejects(clientFor('not-a-token'));
  });

  it('lists the person’s tools with their tiers as hints', async () => {
    const client = await clientFor(member.token);
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    assert.ok(byName.has('memory_recall') && byName.has('memory_save'), [...byName.keys()].join(','));
    assert.equal(byName.get('memory_recall')!.annotations?.readOnlyHint, true);
    assert.equal(byName.get('ev_toggle_simulated_logging')!.annotations?.destructiveHint, true);
  });

  it('shows a member their own and the household’s memories, never another member’s private one', async () => {
    const o = await clientFor(owner.token);
    const m = await clientFor(member.token);
    const save = (c: Client, content: string, household = false) =>
      c.callTool({
        name: 'memory_save',
        arguments: { content, importance: 'contextual', tags: ['probe'], household },
      });
    for (const r of [
      await save(o, 'Olivia plans a surprise party for Max in March'),
      await save(o, 'The spare key hangs in the shed', true),
      await save(m, 'Max likes green tea'),
    ])
      assert.notEqual(r.isError, true, text(r));
    const recall = async (c: Client) =>
      text(await c.callTool({ name: 'memory_recall', arguments: { tags: ['probe'], limit: 20 } }));
    const seenByMember = await recall(m);
    assert.match(seenByMember, /spare key/);
    assert.match(seenByMember, /green tea/);
    assert.doesNotMatch(seenByMember, /surprise party/);
    const seenByOwner = await recall(o);
    assert.match(seenByOwner, /surprise party/);
    assert.doesNotMatch(seenByOwner, /green tea/);
  });

  it('returns a tier-2 call as a confirmation, which runs once after yes in the admin UI’s way', async () => {
    const o = await clientFor(owner.token);
    const r = await o.callTool({ name: 'ev_toggle_simulated_logging', arguments: {} });
    const confirmation = (r.structuredContent as any)?.confirmation;
    assert.ok(confirmation, JSON.stringify(r));
    assert.match(text(r), /I need your confirmation/);
    const runner = kit.app.quorra.conversation.engine.deps.runner;
    const outcomes = async () =>
      (await runner.audit.recent(50))
        .filter((a) => a.tool === 'ev_toggle_simulated_logging')
        .map((a) => a.outcome);
    assert.deepEqual(await outcomes(), ['drafted']);
    const pending = await call(kit.app, owner, 'GET', '/approvals');
    assert.ok(
      pending.json.confirmations.some((c: any) => c.id === confirmation.id),
      JSON.stringify(pending.json),
    );
    const yes = await chat(kit.app, owner, {
      session_id: confirmation.session_id,
      confirmation_id: confirmation.id,
      message: 'yes',
    });
    assert.equal(yes.status, 200, JSON.stringify(yes.json));
    assert.deepEqual((await outcomes()).sort(), ['confirmed', 'drafted']);
    const again = await chat(kit.app, owner, {
      session_id: confirmation.session_id,
      confirmation_id: confirmation.id,
      message: 'yes',
    });
    assert.equal(again.status, 409, 'a confirmation runs once');
  });

  it('refuses an owner-only tool to a member, with an audit row, and runs it for the owner', async () => {
    const m = await clientFor(member.token);
    assert.ok(!(await m.listTools()).tools.some((t) => t.name === 'ev_get_env'));
    const r = await m.callTool({ name: 'ev_get_env', arguments: {} });
    assert.equal(r.isError, true);
    assert.match(text(r), /not available in this conversation/);
    const audit = await kit.app.quorra.conversation.engine.deps.runner.audit.recent(20);
    assert.ok(
      audit.some((a) => a.tool === 'ev_get_env' && a.outcome === 'refused' && a.userId === member.id),
    );
    const o = await clientFor(owner.token);
    const mine = await o.callTool({ name: 'ev_get_env', arguments: {} });
    assert.notEqual(mine.isError, true, text(mine));
  });
});
