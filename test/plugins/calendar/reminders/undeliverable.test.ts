// A reminder nobody can receive is not done: it waits with the reason on the Overview's health, and its setter is told once.
import assert from 'node:assert/strict';
import { OutboxItem } from '../../../../core/matrix/outbox-item.entity.ts';
import type { CalendarApi } from '../../../../plugins/calendar/index.ts';
import { Reminder } from '../../../../plugins/calendar/reminders/reminder.entity.ts';
import { type BootedApp, bootApp } from '../../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../../support/household.ts';
import { ScriptedModelServer } from '../../../support/model-server.ts';
import { ManualClock } from './manual-clock.ts';

describe('calendar reminders that cannot be delivered', function () {
  this.timeout(60_000);
  let model: ScriptedModelServer;
  let app: BootedApp;
  let clock: ManualClock;
  let olivia: TestUser;
  let gran: TestUser;
  const api = () => app.quorra.plugins.api<CalendarApi>('calendar')!;
  const outbox = () => app.quorra.db.getRepository(OutboxItem).find({ order: { createdAt: 'ASC' } });
  const advance = async (iso: string) => {
    clock.advanceTo(iso);
    await api().reminders.tick();
  };
  const calendarHealth = async () => ((await app.quorra.health.report()) as any).checks.calendar;

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model });
    clock = new ManualClock('2030-03-29T10:00:00Z');
    await api().reminders.start(clock);
    olivia = await addUser(app, 'Olivia', 'owner', { timezone: 'UTC', matrix: ['@olivia:home.test'] });
    // Gran is in the household but has no Matrix account linked yet
    gran = await addUser(app, 'Gran', 'member', { timezone: 'UTC' });
  });
  after(async () => {
    await app?.stop({ clean: true });
    await model?.close();
  });

  it('stays pending with the reason, is offered once to the person who set it, and goes out once Gran has Matrix', async () => {
    const set = await api().reminders.set({
      createdBy: olivia.id,
      userId: gran.id,
      text: 'Take the blue pill',
      timeZone: 'UTC',
      at: '2030-03-29T12:00',
    });
    assert.equal((await calendarHealth()).status, 'ok', 'nothing held before it is due');
    await advance('2030-03-29T12:00:00Z');

    const row = await app.quorra.db.getRepository(Reminder).findOneByOrFail({ id: set.id });
    assert.equal(row.state, 'scheduled', 'not marked done');
    assert.equal(row.firedCount, 0);
    assert.equal(row.undeliveredReason, 'Gran has no Matrix account linked');
    let items = await outbox();
    assert.deepEqual(
      items.map((i) => [i.userId, i.text]),
      [
        [
          olivia.id,
          '⏰ I could not remind Gran: Gran has no Matrix account linked. Their reminder was: Take the blue pill\nI will keep it and try again; link their Matrix account on the People page, or cancel the reminder.',
        ],
      ],
    );
    const health = await calendarHealth();
    assert.equal(health.status, 'degraded');
    assert.equal(
      health.reason,
      '1 reminder for Gran cannot be delivered (Gran has no Matrix account linked)',
    );
    // the Overview reads /health/details: the owner sees the same reason there
    const details = await call(app, olivia, 'GET', '/health/details');
    assert.match(JSON.stringify(details.json), /1 reminder for Gran cannot be delivered/);

    // tried again later: still held, and Olivia is not told twice
    await advance('2030-03-29T12:06:00Z');
    items = await outbox();
    assert.equal(items.length, 1);

    await app.quorra.conversation.users.edit(gran.id, { matrix: ['@gran:home.test'] });
    await advance('2030-03-29T12:12:00Z');
    items = await outbox();
    assert.equal(items.length, 2);
    assert.equal(items[1].userId, gran.id);
    assert.match(items[1].text, /^⏰ Reminder from Olivia: Take the blue pill/);
    const done = await app.quorra.db.getRepository(Reminder).findOneByOrFail({ id: set.id });
    assert.equal(done.state, 'done');
    assert.equal(done.undeliveredReason, null);
    assert.equal((await calendarHealth()).status, 'ok');
  });

  it('a reminder a person without Matrix set for themselves waits too, with nobody else to offer it to', async () => {
    const set = await api().reminders.set({
      createdBy: gran.id,
      userId: olivia.id,
      text: 'unused',
      timeZone: 'UTC',
      at: '2030-03-30T09:00',
    });
    await api().reminders.cancel(set.id, gran.id);
    await app.quorra.conversation.users.edit(gran.id, { matrix: [] });
    const own = await api().reminders.set({
      createdBy: gran.id,
      userId: gran.id,
      text: 'Water the tomatoes',
      timeZone: 'UTC',
      at: '2030-03-30T10:00',
    });
    const before = (await outbox()).length;
    await advance('2030-03-30T10:00:00Z');
    const row = await app.quorra.db.getRepository(Reminder).findOneByOrFail({ id: own.id });
    assert.equal(row.state, 'scheduled');
    assert.equal(row.offeredAt, null);
    assert.equal((await outbox()).length, before);
    assert.equal((await calendarHealth()).status, 'degraded');
  });
});
