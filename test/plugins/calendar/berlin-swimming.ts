// A fixture as Thunderbird or Apple Calendar would store it: weekly swimming in Europe/Berlin with an exception and overrides.

const vtimezone = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Berlin',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** Thursdays 18:00–19:00 Berlin from 5 March 2026 (8 times; DST starts 29 March): 19 March excluded, an extra
 * Saturday 28 March 10:00, 2 April moved to Friday 17:00–18:30, 9 April cancelled (its RECURRENCE-ID in UTC). */
export const swimmingIcs = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//Test//Other Client//EN',
  ...vtimezone,
  'BEGIN:VEVENT',
  'UID:swim',
  'DTSTAMP:20260301T000000Z',
  'DTSTART;TZID=Europe/Berlin:20260305T180000',
  'DTEND;TZID=Europe/Berlin:20260305T190000',
  'RRULE:FREQ=WEEKLY;BYDAY=TH;COUNT=8',
  'EXDATE;TZID=Europe/Berlin:20260319T180000',
  'RDATE;TZID=Europe/Berlin:20260328T100000',
  'SUMMARY:Swimming',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:swim',
  'DTSTAMP:20260301T000000Z',
  'RECURRENCE-ID;TZID=Europe/Berlin:20260402T180000',
  'DTSTART;TZID=Europe/Berlin:20260403T170000',
  'DTEND;TZID=Europe/Berlin:20260403T183000',
  'SUMMARY:Swimming (moved to Friday)',
  'END:VEVENT',
  'BEGIN:VEVENT',
  'UID:swim',
  'DTSTAMP:20260301T000000Z',
  'RECURRENCE-ID:20260409T160000Z',
  'DTSTART;TZID=Europe/Berlin:20260409T180000',
  'DTEND;TZID=Europe/Berlin:20260409T190000',
  'STATUS:CANCELLED',
  'SUMMARY:Swimming',
  'END:VEVENT',
  'END:VCALENDAR',
  '',
].join('\r\n');

/** The expected instances of swimmingIcs in March and April 2026: [start, end, title] in UTC. */
export const swimmingInstances = [
  ['2026-03-05T17:00:00Z', '2026-03-05T18:00:00Z', 'Swimming'],
  ['2026-03-12T17:00:00Z', '2026-03-12T18:00:00Z', 'Swimming'],
  ['2026-03-26T17:00:00Z', '2026-03-26T18:00:00Z', 'Swimming'],
  ['2026-03-28T09:00:00Z', '2026-03-28T10:00:00Z', 'Swimming'],
  // after 29 March Berlin is UTC+2
  ['2026-04-03T15:00:00Z', '2026-04-03T16:30:00Z', 'Swimming (moved to Friday)'],
  ['2026-04-16T16:00:00Z', '2026-04-16T17:00:00Z', 'Swimming'],
  ['2026-04-23T16:00:00Z', '2026-04-23T17:00:00Z', 'Swimming'],
];
