// A week's query over a household with 5 years of events and 10 subscribed calendars: the embedded backend (SQLite)
// against the same data on a real Radicale, same process, same machine; prints p50/p95 and the ratio.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../core/db/open-database.ts';
import { CaldavBackend } from '../plugins/calendar/caldav-backend.ts';
import { objectFilename } from '../plugins/calendar/caldav-client.ts';
import type { EventCalendar, RawObject } from '../plugins/calendar/calendar-backend.ts';
import { byStart, type CalendarEvent } from '../plugins/calendar/calendar-event.ts';
import { CalendarObject } from '../plugins/calendar/embedded/calendar-object.entity.ts';
import { EmbeddedBackend } from '../plugins/calendar/embedded/embedded-backend.ts';
import { CreateCalendarStore1766000000000 } from '../plugins/calendar/migrations/1766000000000-create-calendar-store.ts';
import { CreateSubscriptions1766000200000 } from '../plugins/calendar/migrations/1766000200000-create-subscriptions.ts';
import { checkFeed } from '../plugins/calendar/subscriptions/feed-check.ts';
import { Subscription } from '../plugins/calendar/subscriptions/subscription.entity.ts';
import { SubscriptionService } from '../plugins/calendar/subscriptions/subscription-service.ts';
import { startRadicale } from '../test/support/radicale-server.ts';
import { reportGoal } from './support/goals.ts';

const RUNS = Number(process.env.CALENDAR_BENCH_RUNS ?? 40);
const WARMUP = 5;
const DAY = 86_400_000;
const first = Date.parse('2026-01-05T00:00:00Z');
const days = 5 * 365;
const weekFrom = Date.parse('2028-06-12T00:00:00+02:00');
const weekTo = weekFrom + 7 * DAY;
const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\.\d+/, '');
const date = (ms: number) => stamp(ms).slice(0, 8);

const wrap = (uid: string, ...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Quorra bench//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    ...lines,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** The household: one event a day for five years and ten weekly series with no end, in Europe/Berlin. */
function household(): RawObject[] {
  const out: RawObject[] = [];
  for (let d = 0; d < days; d++) {
    const at = first + d * DAY + (8 + (d % 10)) * 3_600_000;
    out.push({
      uid: `day-${d}`,
      ics: wrap(
        `day-${d}`,
        `DTSTART:${stamp(at)}`,
        `DTEND:${stamp(at + 3_600_000)}`,
        `SUMMARY:Appointment ${d}`,
      ),
    });
  }
  for (let s = 0; s < 10; s++) {
    const start = first + s * DAY;
    out.push({
      uid: `series-${s}`,
      ics: wrap(
        `series-${s}`,
        `DTSTART;TZID=Europe/Berlin:${date(start)}T${String(16 + (s % 4)).padStart(2, '0')}0000`,
        `DTEND;TZID=Europe/Berlin:${date(start)}T${String(17 + (s % 4)).padStart(2, '0')}0000`,
        'RRULE:FREQ=WEEKLY',
        `SUMMARY:Club ${s}`,
      ),
    });
  }
  return out;
}

/** A subscribed feed: a weekly all-day collection with no end and 100 dated events across the five years. */
function feed(n: number): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Council//EN'];
  const ev = (uid: string, ...body: string[]) =>
    lines.push('BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...body, 'END:VEVENT');
  ev(
    `f${n}-weekly`,
    `DTSTART;VALUE=DATE:${date(first + n * DAY)}`,
    'RRULE:FREQ=WEEKLY',
    `SUMMARY:Collection ${n}`,
  );
  for (let i = 0; i < 100; i++) {
    const day = first + Math.floor((i * days) / 100) * DAY + n * DAY;
    ev(
      `f${n}-${i}`,
      `DTSTART;VALUE=DATE:${date(day)}`,
      `DTEND;VALUE=DATE:${date(day + DAY)}`,
      `SUMMARY:Feed ${n} day ${i}`,
    );
  }
  lines.push('END:VCALENDAR', '');
  return lines.join('\r\n');
}

/**
 * Makes a Radicale calendar by PUTting its first object and returns the folder Radicale keeps it in: the bench writes
 * the rest there as files, as Radicale's own storage keeps them (thousands of PUTs take minutes on a shared machine).
 */
async function firstPut(cal: EventCalendar, storage: string, object: RawObject): Promise<string> {
  await cal.putObject(object);
  const folder = findFolder(storage, objectFilename(object.uid));
  if (!folder) throw new Error(`Radicale stored ${object.uid} where it cannot be found`);
  return folder;
}

function findFolder(root: string, file: string): string | null {
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const sub = path.join(root, entry.name);
    if (existsSync(path.join(sub, file))) return sub;
    const deeper = findFolder(sub, file);
    if (deeper) return deeper;
  }
  return null;
}

async function putAll(cal: EventCalendar, objects: RawObject[], parallel = 4): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < objects.length) await cal.putObject(objects[next++]);
    }),
  );
}

async function measure(label: string, week: () => Promise<CalendarEvent[]>) {
  let count = 0;
  for (let i = 0; i < WARMUP; i++) count = (await week()).length;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    await week();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  const r = { p50: times[Math.floor(RUNS / 2)], p95: times[Math.floor(RUNS * 0.95)], count };
  console.log(
    `${label}: p50 ${r.p50.toFixed(2)} ms, p95 ${r.p95.toFixed(2)} ms (${count} events in the week)`,
  );
  return r;
}

const dir = mkdtempSync(path.join(tmpdir(), 'quorra-calendar-bench-'));
const radicale = await startRadicale();
try {
  const { db } = await openDatabase({
    path: path.join(dir, 'quorra.db'),
    busyTimeoutMs: 5000,
    entities: [CalendarObject, Subscription],
    migrations: [CreateCalendarStore1766000000000, CreateSubscriptions1766000200000],
  });
  const home = household();
  const feeds = Array.from({ length: 10 }, (_, n) => feed(n));
  const embedded = new EmbeddedBackend(db).calendar('Household');
  await putAll(embedded, home, 1);
  const subs = new SubscriptionService(db);
  for (const [n, text] of feeds.entries()) await subs.addFile(`Feed ${n}`, text, 'bench');

  const caldav = new CaldavBackend({
    url: radicale.url,
    username: radicale.username,
    password: radicale.password,
    // a first query over thousands of new files makes Radicale build its cache
    timeoutMs: 120_000,
  });
  const t0 = performance.now();
  // every collection made (by its first PUT) before the folders fill: listing them later reads every item
  const followed = feeds.map((_, n) => caldav.calendar(`Feed ${n}`));
  const seeds = [
    { cal: caldav.calendar('Household'), objects: home },
    ...feeds.map((text, n) => ({ cal: followed[n], objects: checkFeed(text) })),
  ];
  const folders: string[] = [];
  for (const { cal, objects } of seeds) folders.push(await firstPut(cal, radicale.storage, objects[0]));
  for (const [i, { objects }] of seeds.entries())
    for (const o of objects.slice(1)) writeFileSync(path.join(folders[i], objectFilename(o.uid)), o.ics);
  console.log(
    `seeded Radicale with ${home.length + feeds.length * 101} objects in ${((performance.now() - t0) / 1000).toFixed(0)} s`,
  );

  const tz = 'Europe/Berlin';
  const e = await measure('embedded (SQLite), household + 10 subscriptions', async () =>
    [...(await embedded.query(weekFrom, weekTo, tz)), ...(await subs.query(weekFrom, weekTo, tz))].sort(
      byStart,
    ),
  );
  const c = await measure('Radicale (CalDAV), household + 10 calendars', async () =>
    (
      await Promise.all(
        [caldav.calendar('Household'), ...followed].map((cal) => cal.query(weekFrom, weekTo, tz)),
      )
    )
      .flat()
      .sort(byStart),
  );
  if (e.count !== c.count) throw new Error(`the two backends disagree: ${e.count} vs ${c.count} events`);
  console.log(
    `ratio p50 ${(e.p50 / c.p50).toFixed(3)}×, p95 ${(e.p95 / c.p95).toFixed(3)}× (embedded / Radicale)`,
  );
  reportGoal({
    id: 'calendar.week',
    value: e.p50 / c.p50,
    unit: '×',
    target: 0.5,
    direction: 'max',
    baseline: 'the same data on a real Radicale, same run',
    note: `${home.length} household objects over 5 years + 10 feeds × 101, ${e.count} events in the week`,
  });
  await db.destroy();
} finally {
  await radicale.stop();
  rmSync(dir, { recursive: true, force: true });
}
