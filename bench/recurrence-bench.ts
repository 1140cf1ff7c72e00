// Benchmarks expanding repeating events into one week: a single event as baseline, then daily rules begun 1, 5 and 10
// years earlier (with an override and an exception), and prints p50/p95 and the ratios to the baseline.
import { expandEvents } from '../plugins/calendar/recurrence.ts';

const RUNS = 300;
const WARMUP = 30;
const weekFrom = Date.parse('2030-04-01T00:00:00Z');
const weekTo = Date.parse('2030-04-08T00:00:00Z');

function calendar(startYear: number | null): string {
  const rule =
    startYear === null
      ? ['DTSTART;TZID=Europe/Berlin:20300402T180000', 'DTEND;TZID=Europe/Berlin:20300402T190000']
      : [
          `DTSTART;TZID=Europe/Berlin:${startYear}0105T180000`,
          `DTEND;TZID=Europe/Berlin:${startYear}0105T190000`,
          'RRULE:FREQ=DAILY',
          'EXDATE;TZID=Europe/Berlin:20300403T180000',
        ];
  const override =
    startYear === null
      ? []
      : [
          'BEGIN:VEVENT',
          'UID:bench',
          'RECURRENCE-ID;TZID=Europe/Berlin:20300404T180000',
          'DTSTART;TZID=Europe/Berlin:20300404T200000',
          'DTEND;TZID=Europe/Berlin:20300404T210000',
          'SUMMARY:Moved',
          'END:VEVENT',
        ];
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'BEGIN:VEVENT',
    'UID:bench',
    ...rule,
    'SUMMARY:Walk',
    'END:VEVENT',
    ...override,
    'END:VCALENDAR',
  ].join('\r\n');
}

function measure(ics: string): { p50: number; p95: number; count: number } {
  let count = 0;
  for (let i = 0; i < WARMUP; i++) count = expandEvents(ics, 'Europe/Berlin', weekFrom, weekTo).length;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    expandEvents(ics, 'Europe/Berlin', weekFrom, weekTo);
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(RUNS / 2)], p95: times[Math.floor(RUNS * 0.95)], count };
}

const base = measure(calendar(null));
console.log(
  `single event: p50 ${base.p50.toFixed(3)} ms, p95 ${base.p95.toFixed(3)} ms (${base.count} instance)`,
);
for (const years of [1, 5, 10]) {
  const r = measure(calendar(2030 - years));
  console.log(
    `daily for ${years} year(s): p50 ${r.p50.toFixed(3)} ms, p95 ${r.p95.toFixed(3)} ms (${r.count} instances in the week), ` +
      `p50 ${(r.p50 / base.p50).toFixed(1)}× the single event`,
  );
}
