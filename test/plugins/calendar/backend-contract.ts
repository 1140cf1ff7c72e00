// The calendar capability contract: one suite the embedded backend and CalDAV (a real Radicale) must both pass.
import assert from 'node:assert/strict';
import type { CalendarBackend } from '../../../plugins/calendar/calendar-backend.ts';
import type { BackendUnderTest } from './backend-kit.ts';
import { swimmingIcs, swimmingInstances } from './berlin-swimming.ts';

const at = (iso: string) => Date.parse(iso);
const brief = (events: { title: string; start: string }[]) => events.map((e) => `${e.start} ${e.title}`);

/** Registers the contract tests against a backend made once for the suite (each test uses its own names). */
export function calendarContract(name: string, make: () => Promise<BackendUnderTest>) {
  describe(`calendar capability contract: ${name}`, function () {
    this.timeout(60_000);
    let sut: BackendUnderTest;
    let backend: CalendarBackend;
    before(async () => {
      sut = await make();
      backend = sut.backend;
    });
    after(() => sut?.dispose());

    it('adds, finds, changes and deletes an event; a query sees it only inside its range', async () => {
      const cal = backend.calendar('Household');
      const added = await cal.add({
        title: 'Dentist',
        start: '2026-03-10T08:00:00Z',
        end: '2026-03-10T09:00:00Z',
        allDay: false,
        location: 'Main St 4',
      });
      assert.match(added.uid, /@quorra$/);
      assert.deepEqual(brief(await cal.query(at('2026-03-09T00:00:00Z'), at('2026-03-11T00:00:00Z'))), [
        '2026-03-10T08:00:00Z Dentist',
      ]);
      assert.deepEqual(await cal.query(at('2026-03-11T00:00:00Z'), at('2026-03-12T00:00:00Z')), []);
      const found = await cal.find(added.uid);
      assert.equal(found?.event.location, 'Main St 4');
      await cal.update(found!, {
        ...found!.event,
        title: 'Dentist (moved)',
        start: '2026-03-11T08:00:00Z',
        end: '2026-03-11T09:00:00Z',
      });
      assert.deepEqual(brief(await cal.query(at('2026-03-09T00:00:00Z'), at('2026-03-12T00:00:00Z'))), [
        '2026-03-11T08:00:00Z Dentist (moved)',
      ]);
      assert.equal((await cal.remove(added.uid))?.title, 'Dentist (moved)');
      assert.equal(await cal.find(added.uid), null);
      assert.equal(await cal.remove(added.uid), null);
    });

    it('keeps an all-day event on its local date', async () => {
      const cal = backend.calendar('All day');
      await cal.add({ title: 'School trip', start: '2026-06-02', end: '2026-06-04', allDay: true });
      const june = (d: string) => at(`2026-06-${d}T00:00:00+02:00`);
      assert.deepEqual(brief(await cal.query(june('03'), june('04'), 'Europe/Berlin')), [
        '2026-06-02 School trip',
      ]);
      assert.deepEqual(await cal.query(june('04'), june('05'), 'Europe/Berlin'), []);
    });

    it('expands a repeating event with its exception and overrides across the DST change', async () => {
      const cal = backend.calendar('Swimming');
      await cal.putObject({ uid: 'swim', ics: swimmingIcs });
      const events = await cal.query(at('2026-03-01T00:00:00Z'), at('2026-05-01T00:00:00Z'), 'Europe/Berlin');
      assert.deepEqual(
        events.map((e) => [e.start, e.end, e.title]),
        swimmingInstances,
      );
      const [raw] = await cal.objects();
      assert.equal(raw.uid, 'swim');
      assert.match(raw.ics, /RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=8/);
    });

    it('keeps calendars apart', async () => {
      const a = backend.calendar('Alpha');
      const b = backend.calendar('Beta');
      await a.add({
        title: 'Only in A',
        start: '2026-01-05T10:00:00Z',
        end: '2026-01-05T11:00:00Z',
        allDay: false,
      });
      const range = [at('2026-01-01T00:00:00Z'), at('2026-02-01T00:00:00Z')] as const;
      assert.equal((await a.query(...range)).length, 1);
      assert.deepEqual(await b.query(...range), []);
      assert.equal((await b.objects()).length, 0);
      assert.equal(await a.probe(), 'Alpha');
    });

    it('keeps tasks: adds, orders open ones by due date, completes, keeps fields other clients wrote', async () => {
      const list = backend.taskList('list-chores/', 'Chores');
      assert.equal(await list.displayName(), 'Chores');
      await list.add({ title: 'Later', due: '2026-04-02', completed: false });
      await list.add({ title: 'Sooner', due: '2026-03-02', priority: 1, completed: false });
      await list.putObject({
        uid: 'phone-task',
        ics: [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//Phone//EN',
          'BEGIN:VTODO',
          'UID:phone-task',
          'DTSTAMP:20260301T000000Z',
          'SUMMARY:From the phone',
          'X-PHONE-COLOUR:teal',
          'STATUS:NEEDS-ACTION',
          'END:VTODO',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      });
      assert.deepEqual(
        (await list.list()).map((t) => t.title),
        ['Sooner', 'Later', 'From the phone'],
      );
      const stored = await list.stored();
      const phone = stored.find((s) => s.task.uid === 'phone-task')!;
      await list.save(phone, { ...phone.task, completed: true, completedAt: '2026-03-03T10:00:00Z' });
      const after = await list.list();
      assert.deepEqual(
        after.map((t) => [t.title, t.completed]),
        [
          ['Sooner', false],
          ['Later', false],
          ['From the phone', true],
        ],
      );
      const raw = (await list.objects()).find((o) => o.uid === 'phone-task')!;
      assert.match(raw.ics, /X-PHONE-COLOUR:teal/);
      assert.match(raw.ics, /STATUS:COMPLETED/);
      assert.equal((await backend.taskList('list-other/', 'Other').list()).length, 0);
    });
  });
}
