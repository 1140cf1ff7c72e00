// calendar_list_tasks through /chat on the embedded backend: filters, whose tasks, and a family room showing the household's only.
import assert from 'node:assert/strict';
import type { CalendarApi } from '../../../plugins/calendar/index.ts';
import { addDays, localDate } from '../../../plugins/calendar/zoned-time.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const lastToolResult = (model: ScriptedModelServer) =>
  JSON.parse(
    model
      .chatRequests()
      .at(-1)!
      .body.messages.filter((m: any) => m.role === 'tool')
      .at(-1).content,
  );

describe('calendar_list_tasks (embedded backend)', function () {
  this.timeout(60_000);
  let model: ScriptedModelServer;
  let app: BootedApp;
  let olivia: TestUser;
  let max: TestUser;
  let family: string;
  const today = localDate(Date.now(), 'UTC');

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, config: { plugins: { calendar: { settings: { timezone: 'UTC' } } } } });
    olivia = await addUser(app, 'Olivia');
    max = await addUser(app, 'Max', 'member');
    family = (
      await app.quorra.workspaces.create(
        { name: 'Family', kind: 'household', services: ['general', 'calendar'] },
        olivia.id,
      )
    ).slug;
    const book = app.quorra.plugins.api<CalendarApi>('calendar')!.book;
    const own = (id: string) => book.tasksFor({ userId: id, workspace: null, family: false });
    const mine = await own(olivia.id);
    await mine.tasks.add({ title: 'Renew passport', due: addDays(today, -1), completed: false });
    await mine.tasks.add({ title: 'Book holiday', due: addDays(today, 20), completed: false });
    await mine.tasks.add({
      title: 'Sorted the garage',
      completed: true,
      completedAt: new Date().toISOString(),
    });
    const shared = await book.tasksFor({ userId: olivia.id, workspace: null, family: true });
    await shared.tasks.add({ title: 'Pay the gardener', due: today, completed: false });
    await (await own(max.id)).tasks.add({ title: 'Max’s secret', due: today, completed: false });
    const chores = await book.tasksFor({ userId: olivia.id, workspace: null, family: true }, 'chores');
    await chores.tasks.add({ title: 'Hoover the stairs', completed: false });
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app?.stop({ clean: true });
    await model?.close();
  });

  const ask = async (user: TestUser, args: Record<string, unknown>, where: object = {}) => {
    model.next({ toolCalls: [{ name: 'calendar_list_tasks', arguments: args }] }).next({ content: 'Here.' });
    const r = await chat(app, user, { message: 'what are my tasks?', scope: ['general'], ...where });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    return lastToolResult(model);
  };
  const titles = (r: any) => r.tasks.map((t: any) => t.title);

  it('lists the open tasks, mine and the household’s, soonest first, the overdue one marked', async () => {
    const r = await ask(olivia, {});
    assert.deepEqual(titles(r), ['Renew passport', 'Pay the gardener', 'Book holiday']);
    assert.equal(r.count, 3);
    assert.equal(r.tasks[0].overdue, true);
    assert.equal(r.tasks[1].whose, 'household');
    assert.equal(r.tasks[0].whose, 'Olivia');
    assert.equal(r.tasks[1].overdue, undefined);
  });

  it('filters: overdue, due before a day, done, whose, another list', async () => {
    assert.deepEqual(titles(await ask(olivia, { overdue: true })), ['Renew passport']);
    assert.deepEqual(titles(await ask(olivia, { due_before: addDays(today, 1) })), [
      'Renew passport',
      'Pay the gardener',
    ]);
    assert.deepEqual(titles(await ask(olivia, { due_before: today })), ['Renew passport']);
    assert.deepEqual(titles(await ask(olivia, { status: 'done' })), ['Sorted the garage']);
    assert.deepEqual(titles(await ask(olivia, { whose: 'household' })), ['Pay the gardener']);
    assert.deepEqual(titles(await ask(olivia, { whose: 'mine' })), ['Renew passport', 'Book holiday']);
    assert.deepEqual(titles(await ask(olivia, { list: 'chores' })), ['Hoover the stairs']);
  });

  it('in a family room shows the household’s tasks only, whatever is asked', async () => {
    assert.deepEqual(titles(await ask(olivia, {}, { workspace: family })), ['Pay the gardener']);
    assert.deepEqual(titles(await ask(olivia, { whose: 'mine' }, { workspace: family })), [
      'Pay the gardener',
    ]);
  });

  it('shows a member their own tasks, never another member’s', async () => {
    assert.deepEqual(titles(await ask(max, {})), ['Max’s secret', 'Pay the gardener']);
    const olivias = await ask(olivia, { status: 'all' });
    assert.ok(!titles(olivias).includes('Max’s secret'));
  });

  it('refuses a due_before that is not a day, in words', async () => {
    model.next({ toolCalls: [{ name: 'calendar_list_tasks', arguments: { due_before: '2026-13-45' } }] });
    model.next({ content: 'Sorry.' });
    await chat(app, olivia, { message: 'tasks', scope: ['general'] });
    const content = model
      .chatRequests()
      .at(-1)!
      .body.messages.filter((m: any) => m.role === 'tool')
      .at(-1).content;
    assert.equal(content, 'calendar_list_tasks failed: "2026-13-45" is not a valid date');
  });
});
