// The few tools a turn offers: chosen by relevance, tools in use kept, `more_tools` for the rest, the gate unchanged.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { defineTool } from '../../../core/contracts/define-tool.ts';
import { AuditEntry } from '../../../core/engine/audit-entry.entity.ts';
import { MORE_TOOLS, oneLine } from '../../../core/engine/more-tools.ts';
import { scoreTools } from '../../../core/engine/tool-relevance.ts';
import { schemaSize, selectTools } from '../../../core/engine/tool-selection.ts';
import { fixtureEvents } from '../../fixtures/plugins/fixture-events.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer, toolMessagesOf as toolMessages } from '../../support/model-server.ts';

const plugins = fileURLToPath(new URL('../../fixtures/engine-plugins', import.meta.url));

const tool = (name: string, description: string, examples?: string[]) =>
  defineTool({
    name,
    description,
    ...(examples ? { examples } : {}),
    tier: 0,
    scopes: ['general'],
    input: z.object({}),
    run: () => 'ok',
  });

const tools = [
  tool('reminder_set', 'Set a reminder sent at a time.', ['remind me to call mum at 5']),
  tool('list_add_items', 'Add items to a list (shopping by default).', ['we need milk']),
  tool('calendar_add_event', 'Add an event to the household calendar.'),
  tool('finance_query', 'Read the household budget and spending.'),
  // an MCP server's tool: no examples, a name of its own making
  tool('weather_forecast', 'Get the weather forecast for a city.'),
];
const names = (ts: { name: string }[]) => ts.map((t) => t.name);

describe('tool selection (relevance)', () => {
  it('ranks by name, description and examples, forgiving a typo', () => {
    const score = (text: string) =>
      [...scoreTools(tools, [{ text, weight: 1 }])].sort((a, b) => b[1] - a[1])[0][0].name;
    assert.equal(score('remnd me to take the pills'), 'reminder_set');
    assert.equal(score('we need milk and eggs'), 'list_add_items');
    assert.equal(score('will it rain tomorrow? weather please'), 'weather_forecast');
    assert.equal(score('how much did we spend'), 'finance_query');
  });

  it('offers at most the limit, more_tools last, and everything when it fits', () => {
    const picked = selectTools(tools, {
      message: 'add milk to the shopping list',
      recent: [],
      used: [],
      limit: 3,
    });
    assert.ok(picked.length <= 3);
    assert.equal(picked.at(-1)!.name, MORE_TOOLS);
    assert.ok(names(picked).includes('list_add_items'));
    assert.deepEqual(
      names(selectTools(tools, { message: 'hi', recent: [], used: [], limit: 8 })),
      names(tools),
    );
  });

  it('keeps a tool the conversation uses, whatever the new message says', () => {
    const picked = selectTools(tools, { message: 'thanks!', recent: [], used: ['finance_query'], limit: 3 });
    assert.ok(names(picked).includes('finance_query'));
  });

  it('reads the last turns, for less than the new message', () => {
    const picked = selectTools(tools, {
      message: 'and tomorrow?',
      recent: ['what is the weather forecast in Lyon'],
      used: [],
      limit: 3,
    });
    assert.ok(names(picked).includes('weather_forecast'));
  });

  it('stops at the schema budget: a heavy tool gives way to a lighter one, the best and those in use stay', () => {
    const heavy = defineTool({
      name: 'shopping_plan',
      description: 'Plan the shopping list for the week.',
      tier: 0,
      scopes: ['general'],
      input: z.object(
        Object.fromEntries(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((k) => [`field_${k}`, z.string()])),
      ),
      run: () => 'ok',
    });
    const all = [...tools, heavy];
    const input = { message: 'plan the shopping list', recent: [], used: [] as string[], limit: 8 };
    // everything fits the count: no pick, no budget
    assert.equal(selectTools(all, input).length, all.length);
    const few = { ...input, limit: 4 };
    const roomy = selectTools(all, few);
    assert.ok(names(roomy).includes('shopping_plan') && names(roomy).includes('list_add_items'));
    // the budget leaves room for the best tool (the heavy one), the light one after it and more_tools, no more
    const budget = schemaSize(heavy) + schemaSize(tools[1]) + schemaSize(roomy.at(-1)!) + 10;
    const tight = names(selectTools(all, { ...few, schemaChars: budget }));
    assert.deepEqual(tight, ['list_add_items', 'shopping_plan', MORE_TOOLS]);
    // under a budget too small for the best tool it is still offered: a pick is never empty
    assert.deepEqual(names(selectTools(all, { ...few, schemaChars: 500 })), ['shopping_plan', MORE_TOOLS]);
    // a tool in use is offered whatever it costs
    const inUse = names(selectTools(all, { ...few, schemaChars: 500, used: ['finance_query'] }));
    assert.ok(inUse.includes('finance_query') && inUse.includes('shopping_plan'), inUse.join());
  });

  it('more_tools lists the others a line each and adds only those', async () => {
    const picked = selectTools(tools, { message: 'remind me at 5', recent: [], used: [], limit: 2 });
    const more = picked.at(-1)!;
    const listing = String(await more.run({}, {} as any));
    assert.match(listing, /^finance_query: Read the household budget and spending\.$/m);
    assert.doesNotMatch(listing, /reminder_set/);
    const added = String(await more.run({ add: ['weather_forecast', 'rm_rf'] }, {} as any));
    assert.match(added, /You can now call: weather_forecast\./);
    assert.doesNotMatch(added, /rm_rf/); // the model's own string is not echoed back
    assert.ok(names(picked).includes('weather_forecast'));
    assert.equal(picked.filter((t) => t.name === 'weather_forecast').length, 1);
    assert.equal(oneLine('First sentence. Second one.'), 'First sentence.');
  });
});

describe('tool selection through the engine (model.toolsPerTurn)', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  const offered = (i: number) => names(model.chatRequests()[i].body.tools.map((t: any) => t.function));

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, pluginRoots: [plugins], config: { model: { toolsPerTurn: 3 } } });
    owner = await addUser(app, 'Olivia');
  });
  beforeEach(() => {
    model.reset();
    fixtureEvents.length = 0;
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('offers the relevant few and more_tools, not every tool of the scope', async () => {
    await chat(app, owner, { message: 'read the thing called boiler', scope: ['general'] });
    const first = offered(0);
    assert.ok(first.length <= 3, first.join());
    assert.ok(first.includes('test_read_thing'));
    assert.equal(first.at(-1), MORE_TOOLS);
  });

  it('still refuses an allowed tool that was not offered on this turn, and never runs it', async () => {
    model
      .next({ toolCalls: [{ name: 'test_delete_thing', arguments: { name: 'boiler' } }] })
      .next({ content: 'No.' });
    await chat(app, owner, { message: 'read the thing called boiler', scope: ['general'] });
    assert.ok(!offered(0).includes('test_delete_thing'));
    assert.deepEqual(fixtureEvents, []);
    assert.match(toolMessages(model.chatRequests()[1].body)[0], /not available in this conversation/);
    const rows = await app.quorra.db.getRepository(AuditEntry).find();
    assert.ok(rows.some((r) => r.tool === 'test_delete_thing' && r.outcome === 'refused'));
  });

  it('more_tools brings an allowed tool into the turn, then it runs', async () => {
    model
      .next({ toolCalls: [{ name: MORE_TOOLS, arguments: {} }] })
      .next({ toolCalls: [{ name: MORE_TOOLS, arguments: { add: ['test_log_thing'] } }] })
      .next({ toolCalls: [{ name: 'test_log_thing', arguments: { name: 'boiler', note: 'ok' } }] })
      .next({ content: 'Noted.' });
    await chat(app, owner, { message: 'read the thing called boiler', scope: ['general'] });
    assert.match(toolMessages(model.chatRequests()[1].body)[0], /^test_log_thing: /m);
    assert.ok(!offered(1).includes('test_log_thing'));
    assert.ok(offered(2).includes('test_log_thing'));
    assert.ok(
      fixtureEvents.some((e) => e.startsWith('log:')),
      fixtureEvents.join(),
    );
  });

  it('keeps a session’s offer on a follow-up that asks for nothing else, so the cached prompt holds; re-picks when it does', async () => {
    const tools = (i: number) => JSON.stringify(model.chatRequests()[i].body.tools);
    const r = await chat(app, owner, { message: 'read the thing called boiler', scope: ['general'] });
    // "note" would bring in the note tool on a fresh pick; the best match is offered already, so nothing changes
    await chat(app, owner, {
      message: 'read the boiler one again, a note too',
      session_id: r.json.session_id,
    });
    assert.equal(tools(1), tools(0), 'the same tool block, byte for byte');
    // the same words in a new session pick afresh (a plain "and after that?" pads with the gate's first tools)
    const other = await chat(app, owner, { message: 'thanks! and after that?', scope: ['general'] });
    assert.notEqual(tools(2), tools(0));
    // a follow-up whose best tool the offer lacks gets a new pick that has it
    await chat(app, owner, { message: 'delete it permanently', session_id: r.json.session_id });
    assert.ok(!offered(0).includes('test_delete_thing'));
    assert.ok(offered(3).includes('test_delete_thing'), offered(3).join());
    assert.ok(other.json.session_id !== r.json.session_id);
  });

  it('keeps offering a tool the session has used on its next turn', async () => {
    model
      .next({ toolCalls: [{ name: 'test_read_thing', arguments: { name: 'boiler' } }] })
      .next({ content: 'ok' });
    const r = await chat(app, owner, { message: 'read the thing called boiler', scope: ['general'] });
    model.reset();
    await chat(app, owner, { message: 'thanks, bye', session_id: r.json.session_id });
    assert.ok(offered(0).includes('test_read_thing'));
  });
});
