// The list and task tools through /chat with a real Radicale: family room vs direct chat, merging, checking, personal lists.
import assert from 'node:assert/strict';
import { CaldavAccount } from '../../../plugins/calendar/caldav-account.ts';
import { CaldavTasks } from '../../../plugins/calendar/caldav-tasks.ts';
import type { BootedApp } from '../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../support/household.ts';
import type { ScriptedModelServer } from '../../support/model-server.ts';
import { type CalendarWorld, startCalendarWorld } from './calendar-test-kit.ts';

const lastToolResult = (model: ScriptedModelServer) =>
  JSON.parse(
    model
      .chatRequests()
      .at(-1)!
      .body.messages.filter((m: any) => m.role === 'tool')
      .at(-1).content,
  );

describe('calendar list and task tools (real Radicale)', () => {
  let world: CalendarWorld;
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let max: TestUser;
  let family: string;
  let account: CaldavAccount;
  const titles = async (list: string) =>
    (await new CaldavTasks(account, list).list()).map((t) => [t.title, t.completed]);

  before(async () => {
    world = await startCalendarWorld();
    ({ model, app } = world);
    owner = await addUser(app, 'Olivia');
    max = await addUser(app, 'Max', 'member');
    family = (
      await app.quorra.workspaces.create(
        { name: 'Family', kind: 'household', services: ['general'] },
        owner.id,
      )
    ).slug;
    // Max belongs to the family room's workspace: the owner has given it to him
    await app.quorra.workspaces.grant(family, max.id, owner.id);
    account = new CaldavAccount(world.settings);
  });
  beforeEach(() => model.reset());
  after(() => world?.stop());

  const tool = async (user: TestUser, name: string, args: Record<string, unknown>, where: object = {}) => {
    model.next({ toolCalls: [{ name, arguments: args }] }).next({ content: 'Done.' });
    const r = await chat(app, user, { message: 'please', scope: ['general'], ...where });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return lastToolResult(model);
  };

  it('"add milk" in the family room goes to the household shopping list, merging duplicates', async () => {
    const r = await tool(max, 'list_add_items', { items: ['Milk', 'eggs', 'milk '] }, { workspace: family });
    assert.deepEqual(r, {
      list: 'the household shopping list',
      added: ['Milk', 'eggs'],
      already_on_list: [],
      put_back: [],
    });
    const again = await tool(owner, 'list_add_items', { items: ['MILK', 'Butter'] }, { workspace: family });
    assert.deepEqual(again.added, ['Butter']);
    assert.deepEqual(again.already_on_list, ['Milk']);
    assert.deepEqual(await titles('Shopping'), [
      ['Butter', false],
      ['eggs', false],
      ['Milk', false],
    ]);
  });

  it('in a direct chat goes to the person’s own list, unless they say family', async () => {
    const own = await tool(max, 'list_add_items', { items: ['Batteries'] });
    assert.equal(own.list, 'Max’s shopping list');
    assert.deepEqual(await titles('Shopping (Max)'), [['Batteries', false]]);
    const shared = await tool(max, 'list_add_items', { items: ['Coffee'], family: true });
    assert.equal(shared.list, 'the household shopping list');
    assert.ok((await titles('Shopping')).some(([t]) => t === 'Coffee'));
    // Olivia's own list is hers: Max's item is not on it
    const hers = await tool(owner, 'list_show', {});
    assert.deepEqual(hers, { list: 'Olivia’s shopping list', open: [] });
    // no list name reaches Max's personal list, however it is spelled
    for (const list of ['Shopping (Max)', 'shopping max', `${max.id}--shopping`])
      for (const where of [{ workspace: family }, {}]) {
        const seen = await tool(owner, 'list_show', { list, family: true }, where);
        assert.deepEqual(seen.open, [], `${list} ${JSON.stringify(where)}`);
      }
  });

  it('checks items off by name, says what was not on the list, and shows a named list', async () => {
    await tool(
      owner,
      'list_add_items',
      { items: ['Hoover', 'Water plants'], list: 'chores' },
      { workspace: family },
    );
    const r = await tool(
      max,
      'list_check_items',
      { items: ['hoover', 'Wash car'], list: 'Chores list' },
      { workspace: family },
    );
    assert.deepEqual(r, {
      list: 'the household chores list',
      checked: ['Hoover'],
      not_on_list: ['Wash car'],
    });
    const shown = await tool(
      max,
      'list_show',
      { list: 'chores', include_checked: true },
      { workspace: family },
    );
    assert.deepEqual(shown, {
      list: 'the household chores list',
      open: ['Water plants'],
      checked: ['Hoover'],
    });
    // adding a checked item again puts it back
    const back = await tool(
      max,
      'list_add_items',
      { items: ['hoover'], list: 'chores' },
      { workspace: family },
    );
    assert.deepEqual(back.put_back, ['Hoover']);
  });

  it('creates tasks with due date and priority, and completes one by title', async () => {
    const made = await tool(owner, 'calendar_create_task', {
      title: 'Tax return',
      due: '2026-05-31',
      priority: 'high',
    });
    assert.equal(made.created, true);
    assert.equal(made.list, 'Olivia’s tasks list');
    assert.equal(made.due, 'Sunday 31 May 2026');
    assert.equal(made.priority, 'high');
    const timed = await tool(
      owner,
      'calendar_create_task',
      { title: 'Call school', due: '2026-05-04T09:00' },
      { workspace: family },
    );
    assert.equal(timed.list, 'the household tasks list');
    assert.equal(timed.due, 'Monday 4 May 2026, 09:00');
    const done = await tool(max, 'calendar_complete_task', { title: 'call school' }, { workspace: family });
    assert.equal(done.completed, true);
    assert.equal(done.done, true);
    const stored = await new CaldavTasks(account, 'Tasks').list();
    assert.deepEqual(
      stored.map((t) => [t.title, t.due, t.completed]),
      [['Call school', '2026-05-04T07:00:00Z', true]],
    );
    const missing = await chatTool(max, 'calendar_complete_task', { title: 'nothing like it' });
    assert.match(missing, /no such task on Max’s tasks list/);
  });

  const chatTool = async (user: TestUser, name: string, args: Record<string, unknown>) => {
    model.next({ toolCalls: [{ name, arguments: args }] }).next({ content: 'Done.' });
    await chat(app, user, { message: 'please', scope: ['general'] });
    return model
      .chatRequests()
      .at(-1)!
      .body.messages.filter((m: any) => m.role === 'tool')
      .at(-1).content as string;
  };
});
