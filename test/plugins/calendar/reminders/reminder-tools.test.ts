// Reminders through /chat with a controllable clock: exact local time, the outbox, restarts, late delivery, repeats, cancel.
import assert from 'node:assert/strict';
import { OutboxItem } from '../../../../core/matrix/outbox-item.entity.ts';
import type { CalendarApi } from '../../../../plugins/calendar/index.ts';
import { Reminder } from '../../../../plugins/calendar/reminders/reminder.entity.ts';
import { type BootedApp, bootApp, metricsHeaders, tempDir } from '../../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../../support/household.ts';
import { ScriptedModelServer } from '../../../support/model-server.ts';
import { ManualClock } from './manual-clock.ts';

const lastTool = (model: ScriptedModelServer) =>
  model
    .chatRequests()
    .at(-1)!
    .body.messages.filter((m: any) => m.role === 'tool')
    .at(-1).content as string;

// dates lie years ahead: the app boots with the system clock before a test swaps in its own
describe('calendar reminders (controllable clock)', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let dataDir: string;
  let olivia: TestUser;
  let max: TestUser;
  let clock: ManualClock;

  const api = () => app.quorra.plugins.api<CalendarApi>('calendar')!;
  const outbox = () => app.quorra.db.getRepository(OutboxItem).find({ order: { createdAt: 'ASC' } });
  const boot = async (now: string) => {
    app = await bootApp({ model, dataDir });
    clock = new ManualClock(now);
    await api().reminders.start(clock);
  };
  /** Moves the clock and waits for what the timers started. */
  const advance = async (iso: string) => {
    clock.advanceTo(iso);
    await api().reminders.tick();
  };
  const setReminder = async (user: TestUser, args: Record<string, unknown>, reply = 'Done.') => {
    model.next({ toolCalls: [{ name: 'reminder_set', arguments: args }] }).next({ content: reply });
    const r = await chat(app, user, { message: 'remind me', scope: ['general'] });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    const content = lastTool(model);
    return { reply: r.json.reply as string, result: content.startsWith('{') ? JSON.parse(content) : content };
  };

  before(async () => {
    model = await ScriptedModelServer.start();
    dataDir = tempDir();
    await boot('2030-03-29T10:00:00Z');
    olivia = await addUser(app, 'Olivia', 'owner', {
      timezone: 'Europe/Berlin',
      matrix: ['@olivia:home.test'],
    });
    max = await addUser(app, 'Max', 'member', { timezone: 'America/New_York', matrix: ['@max:home.test'] });
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app?.stop({ clean: true });
    await model?.close();
  });

  it('answers with the exact local time and fires then, through the outbox, not before', async () => {
    const { result } = await setReminder(olivia, { text: 'Call the plumber', at: '2030-03-29T15:30' });
    assert.equal(result.set, true);
    assert.equal(result.fires_at, 'Friday 29 March 2030 at 15:30 (Europe/Berlin)');
    await advance('2030-03-29T14:29:00Z');
    assert.equal((await outbox()).length, 0, 'nothing before the time');
    await advance('2030-03-29T14:30:00Z');
    const [item] = await outbox();
    assert.equal(item.userId, olivia.id);
    assert.equal(item.text, '⏰ Reminder: Call the plumber');
    assert.equal(
      (await app.quorra.db.getRepository(Reminder).findOneByOrFail({ id: result.id })).state,
      'done',
    );
  });

  it('reminds another member in their own time zone and says who asked', async () => {
    const { result } = await setReminder(olivia, {
      text: 'Take the bins out',
      in_minutes: 90,
      person: 'Max',
    });
    assert.equal(result.for, 'Max');
    assert.equal(result.fires_at, 'Friday 29 March 2030 at 12:00 (America/New_York)');
    const before = (await outbox()).length;
    await advance('2030-03-29T16:00:00Z');
    const items = await outbox();
    assert.equal(items.length, before + 1);
    assert.equal(items.at(-1)!.userId, max.id);
    assert.equal(items.at(-1)!.text, '⏰ Reminder from Olivia: Take the bins out');
  });

  it('refuses a time that has passed, and stores nothing', async () => {
    const count = await app.quorra.db.getRepository(Reminder).count();
    model.next({ toolCalls: [{ name: 'reminder_set', arguments: { text: 'x', at: '2030-03-29T09:00' } }] });
    model.next({ content: 'Sorry.' });
    await chat(app, olivia, { message: 'remind me', scope: ['general'] });
    assert.match(
      lastTool(model),
      /that time has passed \(it is now Friday 29 March 2030 17:00 in Europe\/Berlin\)/,
    );
    assert.equal(await app.quorra.db.getRepository(Reminder).count(), count);
  });

  it('survives a restart before it fires, and after downtime goes out late with a note', async () => {
    const onTime = await setReminder(olivia, { text: 'Dentist at 9', at: '2030-04-01T08:00' });
    const missed = await setReminder(olivia, { text: 'Water the plants', at: '2030-03-31T10:00' });
    assert.equal(onTime.result.fires_at, 'Monday 1 April 2030 at 08:00 (Europe/Berlin)');
    await app.stop();
    // down from Friday evening until Sunday noon (after the clocks went forward)
    await boot('2030-03-31T10:00:00Z');
    const late = (await outbox()).filter((i) => i.text.includes('Water the plants'));
    assert.equal(late.length, 1, 'the missed reminder is delivered once, not dropped');
    assert.equal(
      late[0].text,
      '⏰ Reminder: Water the plants\n(This is late: it was due Sunday 31 March 2030 at 10:00, while I was not running.)',
    );
    assert.equal(missed.result.fires_at, 'Sunday 31 March 2030 at 10:00 (Europe/Berlin)');
    assert.equal((await outbox()).filter((i) => i.text.includes('Dentist')).length, 0);
    await app.stop();
    await boot('2030-04-01T05:00:00Z');
    await advance('2030-04-01T06:00:00Z');
    const dentist = (await outbox()).filter((i) => i.text.includes('Dentist'));
    assert.deepEqual(
      dentist.map((i) => i.text),
      ['⏰ Reminder: Dentist at 9'],
      'on time after the restart, no late note',
    );
  });

  it('repeats "every Monday at 8" at 08:00 local across the DST change, and stops when cancelled', async () => {
    await app.stop();
    await boot('2030-10-22T12:00:00Z');
    const { result } = await setReminder(olivia, {
      text: 'Weekly plan',
      at: '2030-10-21T08:00',
      repeat: 'weekly',
    });
    assert.equal(result.fires_at, 'Monday 28 October 2030 at 08:00 (Europe/Berlin)');
    assert.equal(result.repeats, 'every Monday at 08:00');
    const weekly = () => outbox().then((items) => items.filter((i) => i.text.includes('Weekly plan')));
    await advance('2030-10-28T07:00:00Z'); // 08:00 CET, after the change
    assert.equal((await weekly()).length, 1);
    const row = await app.quorra.db.getRepository(Reminder).findOneByOrFail({ id: result.id });
    assert.equal(row.state, 'scheduled');
    assert.equal(row.dueAt.toISOString(), '2030-11-04T07:00:00.000Z');
    await advance('2030-11-04T07:00:00Z');
    assert.equal((await weekly()).length, 2);

    // listing, then cancelling: nothing fires any more
    model.next({ toolCalls: [{ name: 'reminder_list', arguments: {} }] }).next({ content: 'Here.' });
    await chat(app, olivia, { message: 'my reminders?', scope: ['general'] });
    const listed = JSON.parse(lastTool(model));
    assert.deepEqual(
      listed.reminders.map((r: any) => [r.text, r.fires_at, r.repeats]),
      [['Weekly plan', 'Monday 11 November 2030 at 08:00 (Europe/Berlin)', 'every Monday at 08:00']],
    );
    model
      .next({ toolCalls: [{ name: 'reminder_cancel', arguments: { id: result.id } }] })
      .next({ content: 'Cancelled.' });
    await chat(app, olivia, { message: 'cancel it', scope: ['general'] });
    assert.equal(JSON.parse(lastTool(model)).cancelled, true);
    await advance('2030-11-11T07:00:00Z');
    assert.equal((await weekly()).length, 2);
  });

  it('lets nobody else list or cancel a person’s reminder', async () => {
    const { result } = await setReminder(max, { text: 'Private thing', in_minutes: 60 });
    model
      .next({ toolCalls: [{ name: 'reminder_cancel', arguments: { id: result.id } }] })
      .next({ content: 'No.' });
    await chat(app, olivia, { message: 'cancel', scope: ['general'] });
    assert.match(lastTool(model), /there is no waiting reminder/);
    model.next({ toolCalls: [{ name: 'reminder_list', arguments: {} }] }).next({ content: 'Here.' });
    await chat(app, olivia, { message: 'list', scope: ['general'] });
    assert.doesNotMatch(lastTool(model), /Private thing/);
    assert.equal(
      (await app.quorra.db.getRepository(Reminder).findOneByOrFail({ id: result.id })).state,
      'scheduled',
    );
  });

  it('corrects a reply that says "set" when the tool failed, or was never called', async () => {
    const failed = await setReminder(
      olivia,
      { text: 'x', at: 'next tuesday at noon' },
      'All done — your reminder is set for Tuesday at noon!',
    );
    assert.match(failed.reply, /^⚠️ Correction: no reminder was set — setting it failed/);
    assert.doesNotMatch(failed.reply, /is set for Tuesday/);
    model.next({ content: 'Sure, I’ll remind you tomorrow at 9.' });
    const none = await chat(app, olivia, { message: 'remind me tomorrow', scope: ['general'] });
    assert.match(none.json.reply, /^⚠️ Correction: no reminder was set — nothing is scheduled yet/);
    // a true claim stays as it is
    const ok = await setReminder(olivia, { text: 'Call mum', in_minutes: 30 }, 'Your reminder is set.');
    assert.equal(ok.reply, 'Your reminder is set.');
    const metrics = await (await fetch(`${app.url}/metrics`, { headers: metricsHeaders })).text();
    assert.match(metrics, /quorra_calendar_reminder_claims_corrected_total 2/);
  });
});
