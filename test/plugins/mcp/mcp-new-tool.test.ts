// A tool that appears later (tools/list_changed): held until an owner approves it, then offered by the per-turn pick.
import assert from 'node:assert/strict';
import type { McpApi } from '../../../plugins/mcp/index.ts';
import { ToolPins } from '../../../plugins/mcp/tool-pins.ts';
import { HostileMcpServer } from '../../support/hostile-mcp-server.ts';
import { call, chat, eventually } from '../../support/household.ts';
import { ScriptedModelServer, toolMessagesOf } from '../../support/model-server.ts';
import { type KitPerson, type PluginKit, pluginKit } from '../../support/plugin-kit.ts';

describe('mcp plugin with a tool that appears later', function () {
  this.timeout(30_000);
  let model: ScriptedModelServer;
  let hostile: HostileMcpServer;
  let kit: PluginKit;
  let owner: KitPerson;
  const toolset = () => kit.app.quorra.plugins.api<McpApi>('mcp')!.servers.get('hs')!.toolset;
  const registry = () => kit.app.quorra.registries.tools;

  before(async () => {
    model = await ScriptedModelServer.start();
    hostile = await HostileMcpServer.start('t0ken');
    const servers = [
      { id: 'hs', label: 'Kitchen', scope: 'home', url: hostile.url, token: 't0ken', timeoutSeconds: 5 },
    ];
    // a per-turn pick narrower than the allowed tools (8 here): the new tool must win its place by its words
    kit = await pluginKit(['mcp'], {
      model,
      config: { model: { toolsPerTurn: 4 }, plugins: { mcp: { settings: { servers } } } },
    });
    assert.equal(await kit.app.quorra.plugins.api<McpApi>('mcp')!.ready(15_000), true);
    owner = await kit.person('Olivia', 'owner');
  });
  after(async () => {
    await kit?.stop();
    await hostile?.close();
    await model?.close();
  });

  const phrase = 'find a soup recipe for tonight';
  async function offered(): Promise<string[]> {
    model.reset();
    await chat(kit.app, owner, { message: phrase, scope: ['home'] });
    return (model.chatRequests()[0].body.tools ?? []).map((t: any) => t.function.name as string);
  }

  it('holds the new tool for approval, then offers it and runs it', async () => {
    assert.ok(!registry().has('hs_recipe_search'));
    // the change is told over the client's event stream: sent before that stream is open, it would reach no one
    await eventually(() => hostile.streams >= 1, 10_000);
    hostile.addTool('recipe_search', 'Finds a recipe for a dish (soup, cake, …) in the family cookbook.');
    await eventually(() => toolset().held.some((h) => h.name === 'hs_recipe_search'), 10_000);
    assert.match(
      toolset().held.find((h) => h.name === 'hs_recipe_search')!.reason,
      /new, waiting for approval/,
    );
    assert.ok(!registry().has('hs_recipe_search'), 'not offered before the owner approves');
    assert.ok(!(await offered()).includes('hs_recipe_search'));

    const list = await call(kit.app, owner, 'GET', '/approvals');
    const row = list.json.proposals.find((p: any) => p.kind === 'mcp_tool_change');
    assert.ok(row, JSON.stringify(list.json));
    assert.match(row.title, /Offer the new tool hs_recipe_search of Kitchen/);
    const approved = await call(kit.app, owner, 'POST', `/approvals/${row.id}/approve`, {});
    assert.equal(approved.status, 200, JSON.stringify(approved.json));
    assert.ok(registry().has('hs_recipe_search'));
    assert.deepEqual(toolset().held, []);

    const names = await offered();
    assert.ok(names.includes('hs_recipe_search'), `the pick offered ${names.join(', ')}`);
    assert.ok(
      names.length <= 4 && names.includes('more_tools'),
      'the pick chose, it did not offer everything',
    );
    model.reset();
    model.on(phrase, { toolCalls: [{ name: 'hs_recipe_search', arguments: { dish: 'soup' } }] });
    await chat(kit.app, owner, { message: phrase, scope: ['home'] });
    assert.match(toolMessagesOf(model.chatRequests()[1].body)[0], /recipe_search for soup: boil, then eat/);
    assert.equal(hostile.calls.get('recipe_search'), 1);
  });

  it('trusts nothing that appears after a first list that was empty', async () => {
    const pins = new ToolPins(kit.app.quorra.db);
    const tool = { name: 'unlock', description: 'Opens the door.', inputSchema: { type: 'object' as const } };
    assert.deepEqual(await pins.sync('empty', []), { offered: [], waiting: [] });
    const later = await pins.sync('empty', [tool]);
    assert.deepEqual(later.offered, []);
    assert.deepEqual(
      later.waiting.map((w) => [w.tool.name, w.change]),
      [['unlock', 'new']],
    );
    // a server whose first list had tools still has that list trusted, as configured
    assert.equal((await pins.sync('full', [tool])).offered.length, 1);
  });
});
