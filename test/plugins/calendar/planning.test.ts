// Planning on fixed calendars in a real Radicale: weekly-review conflicts in the entry context, scheduling's free slots.
import assert from 'node:assert/strict';
import type { CalendarApi } from '../../../plugins/calendar/index.ts';
import { findConflicts } from '../../../plugins/calendar/planning/conflicts.ts';
import { freeSlots } from '../../../plugins/calendar/planning/free-slots.ts';
import type { BootedApp } from '../../support/boot-app.ts';
import { addUser, call, chat, systemPromptOf, type TestUser } from '../../support/household.ts';
import type { ScriptedModelServer } from '../../support/model-server.ts';
import { type CalendarWorld, startCalendarWorld } from './calendar-test-kit.ts';
import { ManualClock } from './reminders/manual-clock.ts';

const berlin = 'Europe/Berlin';
const ev = (title: string, start: string, end: string) => ({ uid: title, title, start, end, allDay: false });

describe('calendar planning', () => {
  it('flags overlaps within a calendar and between a member’s own and the household one, not across members', () => {
    const conflicts = findConflicts([
      { whose: 'household', events: [ev('Parents evening', '2030-04-02T16:00:00Z', '2030-04-02T17:30:00Z')] },
      { whose: 'Max', events: [ev('Football', '2030-04-02T16:30:00Z', '2030-04-02T17:30:00Z')] },
      {
        whose: 'Olivia',
        events: [
          ev('Yoga', '2030-04-02T16:30:00Z', '2030-04-02T17:00:00Z'),
          ev('Call', '2030-04-02T16:45:00Z', '2030-04-02T17:15:00Z'),
        ],
      },
    ]);
    assert.deepEqual(
      conflicts.map((c) => [c.who, c.a.title, c.b.title]).sort(),
      [
        ['Max', 'Parents evening', 'Football'],
        ['Olivia', 'Parents evening', 'Yoga'],
        ['Olivia', 'Parents evening', 'Call'],
        ['Olivia', 'Yoga', 'Call'],
      ].sort(),
    );
    // back to back is no conflict
    assert.deepEqual(
      findConflicts([
        {
          whose: 'household',
          events: [
            ev('A', '2030-04-02T08:00:00Z', '2030-04-02T09:00:00Z'),
            ev('B', '2030-04-02T09:00:00Z', '2030-04-02T10:00:00Z'),
          ],
        },
      ]),
      [],
    );
  });

  it('finds gaps of the asked length inside working hours, skipping weekends', () => {
    const hours = { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] };
    const busy: [number, number][] = [
      [Date.parse('2030-04-05T07:00:00Z'), Date.parse('2030-04-05T09:00:00Z')], // Fri 09–11 Berlin (CEST)
      [Date.parse('2030-04-05T09:30:00Z'), Date.parse('2030-04-05T13:00:00Z')], // Fri 11:30–15
    ];
    const slots = freeSlots(
      busy,
      { from: Date.parse('2030-04-04T22:00:00Z'), to: Date.parse('2030-04-07T22:00:00Z') },
      60,
      hours,
      berlin,
    );
    assert.deepEqual(
      slots.map((s) => [new Date(s.start).toISOString(), new Date(s.end).toISOString()]),
      [['2030-04-05T13:00:00.000Z', '2030-04-05T15:00:00.000Z']],
    );
  });
});

describe('calendar planning modes (real Radicale)', () => {
  let world: CalendarWorld;
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;

  before(async () => {
    world = await startCalendarWorld({
      people: { Max: 'Max private' },
      workingHours: { start: '09:00', end: '17:00', days: [1, 2, 3, 4, 5] },
    });
    ({ model, app } = world);
    owner = await addUser(app, 'Olivia', 'owner', { timezone: berlin });
    await addUser(app, 'Max', 'member', { timezone: berlin });
    const api = app.quorra.plugins.api<CalendarApi>('calendar')!;
    await api.reminders.start(new ManualClock('2030-04-01T06:00:00Z')); // Monday morning
    const household = api.book!.household;
    const max = (await api.book!.calendarFor('Max')).client;
    await household.add({
      title: 'Parents evening',
      start: '2030-04-02T16:00:00Z',
      end: '2030-04-02T17:30:00Z',
      allDay: false,
    });
    await household.add({
      title: 'Plumber',
      start: '2030-04-03T07:00:00Z',
      end: '2030-04-03T09:00:00Z',
      allDay: false,
    });
    await max.add({
      title: 'Football',
      start: '2030-04-02T16:30:00Z',
      end: '2030-04-02T17:30:00Z',
      allDay: false,
    });
    await max.add({
      title: 'Dentist',
      start: '2030-04-03T10:00:00Z',
      end: '2030-04-03T14:00:00Z',
      allDay: false,
    });
    // the weekly review reads tasks by the same query as calendar_list_tasks: due this week, not later
    const chores = await api.book!.tasksFor({ userId: owner.id, workspace: null, family: true });
    await chores.tasks.add({ title: 'Pay the gardener', due: '2030-04-04', completed: false });
    await chores.tasks.add({ title: 'Taxes', due: '2030-05-30', completed: false });
    await household.add({
      title: 'Next week',
      start: '2030-04-09T10:00:00Z',
      end: '2030-04-09T11:00:00Z',
      allDay: false,
    });
  });
  beforeEach(() => model.reset());
  after(() => world?.stop());

  it('weekly-review opens with the week of every calendar and the conflict flagged', async () => {
    model.next({ content: 'Hi.' });
    const first = await chat(app, owner, { message: 'hello', scope: ['planning'] });
    const set = await call(app, owner, 'PUT', `/sessions/${first.json.session_id}/mode`, {
      mode: 'weekly-review',
    });
    assert.equal(set.status, 200, JSON.stringify(set.json));
    model.next({ content: 'Your week.' });
    await chat(app, owner, { message: 'review my week', session_id: first.json.session_id });
    const prompt = systemPromptOf(model.chatRequests().at(-1)!.body);
    assert.match(prompt, /## Mode: weekly review/);
    assert.match(prompt, /## The week ahead \(Europe\/Berlin\)/);
    assert.match(prompt, /### household calendar\nTuesday 2 April 2030:\n- Parents evening: 18:00–19:30/);
    assert.match(prompt, /### Max’s calendar\nTuesday 2 April 2030:\n- Football: 18:30–19:30/);
    assert.match(
      prompt,
      /### Conflicts\n- Max: “Parents evening” \(Tuesday 2 April 2030, 18:00–19:30 \(Europe\/Berlin\)\) overlaps “Football”/,
    );
    assert.doesNotMatch(prompt, /Next week/, 'only the seven days ahead');
    assert.match(prompt, /### Tasks due this week\n- Pay the gardener: due Thursday 4 April 2030(\n|$)/m);
    assert.doesNotMatch(prompt, /Taxes/);
  });

  it('scheduling finds free slots across the named members within working hours', async () => {
    model.next({ content: 'Hi.' });
    const first = await chat(app, owner, { message: 'hello', scope: ['planning'] });
    await call(app, owner, 'PUT', `/sessions/${first.json.session_id}/mode`, { mode: 'scheduling' });
    model
      .next({
        toolCalls: [
          {
            name: 'calendar_find_free_time',
            arguments: { minutes: 120, from: '2030-04-03', to: '2030-04-03', people: ['Max'] },
          },
        ],
      })
      .next({ content: 'Options.' });
    await chat(app, owner, {
      message: 'two hours with Max on Wednesday?',
      session_id: first.json.session_id,
    });
    const req = model.chatRequests().at(-1)!.body;
    assert.match(systemPromptOf(model.chatRequests().at(-2)!.body), /Members with their own calendar: Max\./);
    const result = JSON.parse(req.messages.filter((m: any) => m.role === 'tool').at(-1).content);
    assert.deepEqual(result.checked, ['the household calendar', 'Max’s calendar']);
    // Wednesday: plumber 09–11, Max's dentist 12–16 → only 16:00–17:00 is left, too short; 11:00–12:00 too short
    assert.deepEqual(result.free, []);
    model
      .next({
        toolCalls: [
          {
            name: 'calendar_find_free_time',
            arguments: { minutes: 60, from: '2030-04-03', to: '2030-04-03', people: ['Max'] },
          },
        ],
      })
      .next({ content: 'Options.' });
    await chat(app, owner, { message: 'one hour then?', session_id: first.json.session_id });
    const hour = JSON.parse(
      model
        .chatRequests()
        .at(-1)!
        .body.messages.filter((m: any) => m.role === 'tool')
        .at(-1).content,
    );
    assert.deepEqual(hour.free, [
      'Wednesday 3 April 2030, 11:00–12:00',
      'Wednesday 3 April 2030, 16:00–17:00',
    ]);
  });
});
