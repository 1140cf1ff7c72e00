// The calendar tools through /chat with the scripted model and a real Radicale: query, audited add, confirmed delete, gating.
import assert from 'node:assert/strict';
import type { ReservationPrincipal } from '../../../core/contracts/principal.ts';
import { CaldavClient } from '../../../plugins/calendar/caldav-client.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat, systemPromptOf, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { type CalendarWorld, startCalendarWorld } from './calendar-test-kit.ts';

const toolResults = (body: any): string[] =>
  body.messages.filter((m: any) => m.role === 'tool').map((m: any) => m.content as string);
const offered = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function.name);
const calendarTools = [
  'calendar_add_event',
  'calendar_complete_task',
  'calendar_create_task',
  'calendar_delete_event',
  'calendar_find_free_time',
  'calendar_list_tasks',
  'calendar_query_events',
  'calendar_update_event',
];

describe('calendar tools (real Radicale)', () => {
  let world: CalendarWorld;
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let direct: CaldavClient;
  let maxOwn: CaldavClient;

  before(async () => {
    world = await startCalendarWorld({ calendar: 'Household', people: { max: 'Max private' } });
    ({ model, app } = world);
    const { settings } = world;
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    await app.quorra.workspaces.create({ name: 'Cabin', kind: 'hosting', services: ['general'] }, owner.id);
    direct = new CaldavClient({ ...settings, calendar: 'Household', timeoutMs: 5000 });
    maxOwn = new CaldavClient({ ...settings, calendar: 'Max private', timeoutMs: 5000 });
  });
  beforeEach(() => model.reset());
  after(() => world?.stop());

  const query = (from: string, to: string) =>
    model
      .next({ toolCalls: [{ name: 'calendar_query_events', arguments: { from, to } }] })
      .next({ content: 'Here.' });

  it('offers the tools and the calendar prompt in a calendar-scoped session', async () => {
    await chat(app, member, { message: 'what is on?', scope: ['calendar'] });
    const body = model.chatRequests()[0].body;
    assert.deepEqual(
      offered(body)
        .filter((n) => n.startsWith('calendar_'))
        .sort(),
      calendarTools,
    );
    assert.match(systemPromptOf(body), /## Scope: calendar/);
  });

  it('adds an event (audited as tier 1) that a query then returns, in local time', async () => {
    model
      .next({
        toolCalls: [
          {
            name: 'calendar_add_event',
            arguments: {
              title: 'Dentist, Max',
              start: '2026-01-06T09:30',
              end: '2026-01-06T10:15',
              location: 'Main St. 4',
            },
          },
        ],
      })
      .next({ content: 'Added.' });
    const r = await chat(app, member, { message: 'add the dentist', scope: ['calendar'] });
    assert.equal(r.status, 200);
    const added = JSON.parse(toolResults(model.chatRequests()[1].body)[0]);
    assert.equal(added.added, true);
    assert.match(added.uid, /@quorra$/);
    assert.equal(added.start, '2026-01-06T08:30:00Z');

    const audit = await app.quorra.conversation.audit.recent(10);
    const entry = audit.find((a) => a.tool === 'calendar_add_event');
    assert.ok(entry, 'the add is audited');
    assert.equal(entry.tier, 1);
    assert.equal(entry.outcome, 'ok');
    assert.equal(entry.userId, member.id);

    model.reset();
    query('2026-01-06', '2026-01-06');
    await chat(app, owner, { message: 'what is on tuesday?', scope: ['calendar'] });
    const listed = JSON.parse(toolResults(model.chatRequests()[1].body)[0]);
    assert.equal(listed.count, 1);
    assert.equal(listed.events[0].uid, added.uid);
    assert.equal(listed.events[0].title, 'Dentist, Max');
    assert.equal(listed.events[0].location, 'Main St. 4');
    assert.equal(listed.events[0].when, 'Tuesday 6 January 2026, 09:30–10:15 (Europe/Berlin)');
  });

  it('returns events sorted by start and refuses ranges over 31 days', async () => {
    await direct.add({
      title: 'Late',
      start: '2026-02-02T18:00:00Z',
      end: '2026-02-02T19:00:00Z',
      allDay: false,
    });
    await direct.add({
      title: 'Early',
      start: '2026-02-02T07:00:00Z',
      end: '2026-02-02T08:00:00Z',
      allDay: false,
    });
    await direct.add({ title: 'Holiday', start: '2026-02-01', end: '2026-02-03', allDay: true });
    query('2026-02-01', '2026-02-28');
    await chat(app, owner, { message: 'february?', scope: ['calendar'] });
    const listed = JSON.parse(toolResults(model.chatRequests()[1].body)[0]);
    assert.deepEqual(
      listed.events.map((e: any) => e.title),
      ['Holiday', 'Early', 'Late'],
    );
    model.reset();
    query('2026-02-01', '2026-03-15');
    await chat(app, owner, { message: 'six weeks?', scope: ['calendar'] });
    assert.match(toolResults(model.chatRequests()[1].body)[0], /at most 31 days/);
  });

  it('refuses an end before the start and adds nothing', async () => {
    model
      .next({
        toolCalls: [
          {
            name: 'calendar_add_event',
            arguments: { title: 'Backwards', start: '2026-05-05T10:00', end: '2026-05-05T09:00' },
          },
        ],
      })
      .next({ content: 'No.' });
    await chat(app, owner, { message: 'add backwards', scope: ['calendar'] });
    assert.match(toolResults(model.chatRequests()[1].body)[0], /end must be after the start/);
    assert.deepEqual(
      await direct.query(Date.parse('2026-05-05T00:00:00Z'), Date.parse('2026-05-06T00:00:00Z')),
      [],
    );
  });

  it('drafts a confirmation naming the event and its day, and deletes only after "yes"', async () => {
    const ev = await direct.add({
      title: 'Piano lesson',
      start: '2026-03-03T16:00:00Z',
      end: '2026-03-03T17:00:00Z',
      allDay: false,
    });
    query('2026-03-03', '2026-03-03');
    const s = await chat(app, owner, { message: 'what is on 3 March?', scope: ['calendar'] });
    model.next({ toolCalls: [{ name: 'calendar_delete_event', arguments: { uid: ev.uid } }] });
    const r = await chat(app, owner, { message: 'cancel the piano lesson', session_id: s.json.session_id });
    assert.ok(r.json.pending_confirmation, JSON.stringify(r.json));
    assert.equal(
      r.json.pending_confirmation.description,
      'delete “Piano lesson” on Tuesday 3 March 2026 from the household calendar',
    );
    assert.ok(await direct.find(ev.uid), 'nothing is deleted before the answer');

    model.next({ content: 'Deleted.' });
    await chat(app, owner, { message: 'yes', session_id: s.json.session_id });
    assert.equal(await direct.find(ev.uid), null);
    assert.match(model.chatRequests().at(-1)!.body.messages.at(-1).content, /"deleted":true/);
  });

  it('keeps the event when the answer is "no"', async () => {
    const ev = await direct.add({ title: 'Swim', start: '2026-03-04', end: '2026-03-05', allDay: true });
    model.next({ toolCalls: [{ name: 'calendar_delete_event', arguments: { uid: ev.uid } }] });
    const r = await chat(app, owner, { message: 'delete the swim', scope: ['calendar'] });
    // named from the calendar itself, even when this conversation never looked the event up
    assert.equal(
      r.json.pending_confirmation.description,
      'delete “Swim” on Wednesday 4 March 2026 from the household calendar',
    );
    model.next({ content: 'Kept.' });
    await chat(app, owner, { message: 'no', session_id: r.json.session_id });
    assert.ok(await direct.find(ev.uid));
  });

  it('reads and writes a member’s own calendar, and says whose calendar it touched', async () => {
    model
      .next({
        toolCalls: [
          {
            name: 'calendar_add_event',
            arguments: { title: 'Football', start: '2026-06-10T17:00', person: 'Max' },
          },
        ],
      })
      .next({ content: 'Added.' });
    await chat(app, owner, { message: 'Max has football', scope: ['calendar'] });
    const added = JSON.parse(toolResults(model.chatRequests()[1].body)[0]);
    assert.equal(added.calendar, 'Max’s calendar');
    assert.deepEqual(
      (await maxOwn.query(Date.parse('2026-06-10T00:00:00Z'), Date.parse('2026-06-11T00:00:00Z'))).map(
        (e) => e.title,
      ),
      ['Football'],
    );
    assert.deepEqual(
      await direct.query(Date.parse('2026-06-10T00:00:00Z'), Date.parse('2026-06-11T00:00:00Z')),
      [],
    );
    model.reset();
    query('2026-06-10', '2026-06-10');
    await chat(app, owner, { message: 'household on the 10th?', scope: ['calendar'] });
    assert.equal(JSON.parse(toolResults(model.chatRequests()[1].body)[0]).count, 0);
    model.reset();
    model
      .next({
        toolCalls: [
          {
            name: 'calendar_add_event',
            arguments: { title: 'x', start: '2026-06-10T17:00', person: 'Olivia' },
          },
        ],
      })
      .next({ content: 'No.' });
    await chat(app, owner, { message: 'mine', scope: ['calendar'] });
    assert.match(toolResults(model.chatRequests()[1].body)[0], /Olivia has no calendar of their own/);
  });

  it('changes an event only after confirming, showing before → after', async () => {
    const ev = await direct.add({
      title: 'Dentist',
      start: '2026-07-07T07:30:00Z',
      end: '2026-07-07T08:15:00Z',
      allDay: false,
    });
    query('2026-07-07', '2026-07-07');
    const s = await chat(app, owner, { message: 'what is on 7 July?', scope: ['calendar'] });
    model.next({
      toolCalls: [
        {
          name: 'calendar_update_event',
          arguments: { uid: ev.uid, start: '2026-07-07T11:00', location: 'Clinic' },
        },
      ],
    });
    const r = await chat(app, owner, { message: 'move it to 11', session_id: s.json.session_id });
    assert.equal(
      r.json.pending_confirmation?.description,
      'change “Dentist” on Tuesday 7 July 2026 in the household calendar: time Tuesday 7 July 2026, 09:30–10:15 (Europe/Berlin) → from 2026-07-07 11:00; place → “Clinic”',
    );
    assert.equal(
      (await direct.find(ev.uid))?.event.start,
      '2026-07-07T07:30:00Z',
      'unchanged before the answer',
    );
    model.next({ content: 'Moved.' });
    await chat(app, owner, { message: 'yes', session_id: s.json.session_id });
    const moved = (await direct.find(ev.uid))?.event;
    assert.equal(moved?.start, '2026-07-07T09:00:00Z');
    assert.equal(moved?.end, '2026-07-07T09:45:00Z', 'the length is kept');
    assert.equal(moved?.location, 'Clinic');
    assert.equal(moved?.title, 'Dentist');
  });

  it('never offers a guest the calendar tools, and refuses them when named', async () => {
    const guest: ReservationPrincipal = { kind: 'reservation', reservationId: 'res-1', workspace: 'cabin' };
    model
      .next({
        toolCalls: [{ name: 'calendar_query_events', arguments: { from: '2026-01-06', to: '2026-01-06' } }],
      })
      .next({ content: 'sorry' });
    await app.quorra.conversation.engine.handle({
      principal: guest,
      message: 'any plans?',
      scope: ['general'],
    });
    assert.ok(offered(model.chatRequests()[0].body).every((n) => !n.startsWith('calendar_')));
    assert.match(toolResults(model.chatRequests()[1].body)[0], /not available in this conversation/);
    assert.doesNotMatch(toolResults(model.chatRequests()[1].body)[0], /Dentist/);
  });

  it('reports the calendar in /health', async () => {
    const health = { json: (await app.quorra.health.report()) as any };
    assert.deepEqual(health.json.checks.calendar, { status: 'ok', calendar: 'Household', backend: 'caldav' });
  });
});

describe('calendar plugin with an unreachable server', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;

  before(async () => {
    model = await ScriptedModelServer.start();
    // the closed discard port: a just-freed ephemeral port could be handed to this very app on boot
    const url = 'http://127.0.0.1:9/';
    app = await bootApp({
      model,
      config: {
        model: { toolsPerTurn: 64 }, // the tool's own answer, not the selection
        plugins: { calendar: { settings: { url, password: 'pw-never-shown', timeoutMs: 2000 } } },
      },
    });
  });
  after(async () => {
    await app?.stop({ clean: true });
    await model?.close();
  });

  it('says degraded with the reason, and a tool call answers in plain words', async () => {
    const health = { json: (await app.quorra.health.report()) as any };
    assert.equal(health.json.checks.calendar.status, 'degraded');
    assert.match(health.json.checks.calendar.reason, /is unreachable/);
    const owner = await addUser(app, 'Olivia');
    model
      .next({
        toolCalls: [{ name: 'calendar_query_events', arguments: { from: '2026-01-06', to: '2026-01-07' } }],
      })
      .next({ content: 'down' });
    await chat(app, owner, { message: 'plans?', scope: ['calendar'] });
    const result = toolResults(model.chatRequests()[1].body)[0];
    assert.match(result, /CalDAV server at http:\/\/127\.0\.0\.1:\d+\/ is unreachable/);
    assert.doesNotMatch(JSON.stringify(health.json) + result, /pw-never-shown/);
  });
});
