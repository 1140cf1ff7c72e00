// A fresh start with no calendar server configured: the embedded backend answers through the real engine.
import assert from 'node:assert/strict';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const lastToolResult = (model: ScriptedModelServer) =>
  JSON.parse(
    model
      .chatRequests()
      .at(-1)!
      .body.messages.filter((m: any) => m.role === 'tool')
      .at(-1).content,
  );
const offered = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function.name);

describe('calendar on a fresh data directory (embedded backend, no CalDAV server)', function () {
  this.timeout(60_000);
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let family: string;

  before(async () => {
    model = await ScriptedModelServer.start();
    // no plugins.calendar settings at all: what `npm start` on a new data directory runs with
    app = await bootApp({ model });
    owner = await addUser(app, 'Olivia');
    family = (
      await app.quorra.workspaces.create(
        { name: 'Family', kind: 'household', services: ['general', 'calendar'] },
        owner.id,
      )
    ).slug;
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app?.stop({ clean: true });
    await model?.close();
  });

  const turn = async (message: string, name: string, args: Record<string, unknown>) => {
    model.next({ toolCalls: [{ name, arguments: args }] }).next({ content: 'Done.' });
    const first = model.chatRequests().length;
    const r = await chat(app, owner, { message, scope: ['general', 'calendar'], workspace: family });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    // the few tools this turn offers (chosen for this message) include the one it needs
    const names = offered(model.chatRequests()[first].body);
    assert.ok(names.includes(name), `${name} is offered for "${message}" (offered: ${names.join(', ')})`);
    return lastToolResult(model);
  };

  it('offers the calendar and list tools, and /health calls the plugin ok on the embedded backend', async () => {
    // registered, so the gate may offer them (each turn below shows the one it needs is offered)
    for (const name of [
      'calendar_query_events',
      'calendar_add_event',
      'list_add_items',
      'calendar_create_task',
    ])
      assert.ok(app.quorra.registries.tools.get(name), `${name} is registered`);
    const health = (await app.quorra.health.report()) as any;
    assert.deepEqual(health.checks.calendar, { status: 'ok', calendar: 'Household', backend: 'embedded' });
    const plugins = await call(app, owner, 'GET', '/admin/plugins');
    const calendar = (plugins.json.plugins ?? plugins.json).find((p: any) => p.id === 'calendar');
    assert.ok(calendar, JSON.stringify(plugins.json));
    assert.doesNotMatch(JSON.stringify(calendar), /not configured/);
  });

  it('"add milk to the shopping list" puts milk on the household list, kept in the database', async () => {
    const r = await turn('add milk to the shopping list', 'list_add_items', { items: ['milk'] });
    assert.deepEqual(r, {
      list: 'the household shopping list',
      added: ['milk'],
      already_on_list: [],
      put_back: [],
    });
    const shown = await turn('what is on the shopping list?', 'list_show', {});
    assert.deepEqual(shown, { list: 'the household shopping list', open: ['milk'] });
  });

  it('"what’s on this week" reads the events added before', async () => {
    const added = await turn('put swimming on Thursday 6pm', 'calendar_add_event', {
      title: 'Swimming',
      start: '2026-12-03T18:00',
      end: '2026-12-03T19:00',
    });
    assert.equal(added.created ?? true, true);
    const week = await turn('what’s on this week', 'calendar_query_events', {
      from: '2026-11-30',
      to: '2026-12-06',
    });
    assert.equal(week.count, 1);
    assert.equal(week.events[0].title, 'Swimming');
    assert.equal(week.events[0].start, '2026-12-03T18:00:00Z');
  });

  it('"what are my tasks" reads the to-dos created before', async () => {
    const made = await turn(
      'add a to-do for the family: pay the gardener by Friday',
      'calendar_create_task',
      {
        title: 'Pay the gardener',
        due: '2026-12-04',
      },
    );
    assert.equal(made.created, true);
    const tasks = await turn('what are my tasks', 'calendar_list_tasks', {});
    assert.equal(tasks.count, 1);
    assert.deepEqual(
      tasks.tasks.map((t: any) => [t.title, t.whose, t.done]),
      [['Pay the gardener', 'household', false]],
    );
  });
});
