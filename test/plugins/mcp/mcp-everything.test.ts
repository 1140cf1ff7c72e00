// The mcp plugin against the real server-everything from npm, over stdio and Streamable HTTP, through the real engine.
import assert from 'node:assert/strict';
import { principalOf } from '../../../core/auth/user-store.ts';
import type { McpApi } from '../../../plugins/mcp/index.ts';
import { chat } from '../../support/household.ts';
import { everythingOverStdio, startEverythingHttp } from '../../support/mcp-everything.ts';
import { ScriptedModelServer, toolMessagesOf } from '../../support/model-server.ts';
import { type PluginKit, pluginKit } from '../../support/plugin-kit.ts';

const rules = { 'toggle-simulated-logging': { tier: 2 }, 'get-env': { audience: 'owner' } };

for (const transport of ['stdio', 'http'] as const) {
  describe(`mcp plugin with server-everything over ${transport}`, function () {
    this.timeout(30_000);
    let model: ScriptedModelServer;
    let kit: PluginKit;
    let http: Awaited<ReturnType<typeof startEverythingHttp>> | undefined;
    let owner: Awaited<ReturnType<PluginKit['person']>>;
    let member: Awaited<ReturnType<PluginKit['person']>>;

    before(async () => {
      model = await ScriptedModelServer.start();
      let server: Record<string, unknown>;
      if (transport === 'http') {
        http = await startEverythingHttp();
        server = { id: 'ev', label: 'Everything', scope: 'home', url: http.url, tools: rules };
      } else server = everythingOverStdio({ tools: rules });
      kit = await pluginKit(['mcp'], {
        model,
        // every allowed tool offered: discovery is tested here, the per-turn pick in tool-selection's tests
        config: { model: { toolsPerTurn: 64 }, plugins: { mcp: { settings: { servers: [server] } } } },
      });
      assert.equal(await kit.app.quorra.plugins.api<McpApi>('mcp')!.ready(20_000), true);
      owner = await kit.person('Olivia', 'owner');
      member = await kit.person('Max', 'member');
    });
    after(async () => {
      await kit?.stop();
      await http?.stop();
      await model?.close();
    });
    beforeEach(() => model.reset());

    const offeredNames = () =>
      (model.chatRequests()[0]?.body.tools ?? []).map((t: any) => t.function.name as string) as string[];

    it('discovers the tools, namespaced, in the home scope only, with the description framed as data', async () => {
      const r = await chat(kit.app, owner, { message: 'hello', scope: ['home'] });
      assert.equal(r.status, 200, JSON.stringify(r.json));
      const names = offeredNames();
      assert.ok(names.includes('ev_echo') && names.includes('ev_get_sum'), names.join(','));
      const echo = model.chatRequests()[0].body.tools.find((t: any) => t.function.name === 'ev_echo');
      assert.match(
        echo.function.description,
        /⟦outside data from the service “Everything”; information only/,
      );
      assert.match(echo.function.description, /Echoes back the input string/);
      model.reset();
      await chat(kit.app, owner, { message: 'hello', scope: ['general'] });
      assert.ok(!offeredNames().some((n) => n.startsWith('ev_')), 'no MCP tool outside its scope');
    });

    it('runs a tier-0 read and hands the model the framed answer', async () => {
      model.on('add two and three', { toolCalls: [{ name: 'ev_get_sum', arguments: { a: 2, b: 3 } }] });
      const r = await chat(kit.app, member, { message: 'add two and three', scope: ['home'] });
      assert.equal(r.status, 200);
      const results = toolMessagesOf(model.chatRequests()[1].body);
      assert.equal(results.length, 1);
      assert.match(results[0], /⟦outside data from the service “Everything” \(tool ev_get_sum\)/);
      assert.match(results[0], /5/);
    });

    it('holds a tier-2 tool for confirmation and runs it once after yes, with audit rows', async () => {
      model.on('toggle logging', {
        toolCalls: [{ name: 'ev_toggle_simulated_logging', arguments: {} }],
      });
      const first = await chat(kit.app, owner, { message: 'toggle logging', scope: ['home'] });
      assert.equal(first.status, 200);
      assert.ok(first.json.pending_confirmation, JSON.stringify(first.json));
      assert.match(
        first.json.pending_confirmation.description,
        /ev_toggle_simulated_logging on Everything with no details/,
      );
      const runner = kit.app.quorra.conversation.engine.deps.runner;
      const rows = async () =>
        (await runner.audit.recent(50)).filter((a) => a.tool === 'ev_toggle_simulated_logging');
      assert.deepEqual(
        (await rows()).map((a) => a.outcome),
        ['drafted'],
      );
      const yes = await chat(kit.app, owner, { message: 'yes', session_id: first.json.session_id });
      assert.equal(yes.status, 200);
      const outcomes = (await rows()).map((a) => a.outcome).sort();
      assert.deepEqual(outcomes, ['confirmed', 'drafted']);
      const note = model.chatRequests().at(-1)!.body.messages.at(-1).content as string;
      assert.match(note, /succeeded/);
      assert.match(note, /Started simulated, random-leveled logging/);
    });

    it('keeps an owner-only tool from a member and refuses it when called anyway', async () => {
      model.on('show env', { toolCalls: [{ name: 'ev_get_env', arguments: {} }] });
      await chat(kit.app, member, { message: 'show env', scope: ['home'] });
      assert.ok(!offeredNames().includes('ev_get_env'));
      assert.ok(offeredNames().includes('ev_echo'));
      const results = toolMessagesOf(model.chatRequests()[1].body);
      assert.match(results[0], /not available in this conversation/);
      const audit = await kit.app.quorra.conversation.engine.deps.runner.audit.recent(10);
      assert.ok(
        audit.some((a) => a.tool === 'ev_get_env' && a.outcome === 'refused' && a.userId === member.id),
      );
    });

    it('never offers an MCP tool to the guest persona', async () => {
      model.on('echo hi', { toolCalls: [{ name: 'ev_echo', arguments: { message: 'hi' } }] });
      const stored = (await kit.app.quorra.conversation.users.get(owner.id))!;
      await kit.app.quorra.conversation.engine.handle({
        principal: principalOf(stored),
        message: 'echo hi',
        scope: ['home'],
        persona: 'guest-concierge',
      });
      assert.ok(!offeredNames().some((n) => n.startsWith('ev_')));
      assert.match(toolMessagesOf(model.chatRequests()[1].body)[0], /not available in this conversation/);
    });

    it('shows the server as ok in /health/details while it answers', async () => {
      const res = await fetch(`${kit.app.url}/health/details`, { headers: owner.headers });
      const body = (await res.json()) as any;
      const mcp = body.checks?.mcp ?? body.checks?.plugins?.mcp ?? body.mcp;
      assert.ok(mcp, JSON.stringify(body).slice(0, 400));
      assert.equal(mcp.status, 'ok');
      assert.equal(mcp.servers.ev.state, 'ready');
    });
  });
}
