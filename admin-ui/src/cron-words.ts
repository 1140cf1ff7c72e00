// A cron schedule in words ("every night at 3:15"); schedules it cannot say plainly come back as they are.

const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const num = (s: string, max: number) => (/^\d+$/.test(s) && Number(s) <= max ? Number(s) : null);
const clock = (h: number, m: number) => `${h}:${String(m).padStart(2, '0')}`;

/** "every night at 3:15", "every Monday at 9:00", "every 5 minutes"; the cron itself when it is unusual. */
export function describeCron(cron: string): string {
  const f = cron.trim().split(/\s+/);
  if (f.length !== 5) return cron;
  const [min, hour, dom, mon, dow] = f;
  if (f.every((x) => x === '*')) return 'every minute';
  const every = /^\*\/(\d+)$/;
  if (every.test(min) && hour === '*' && dom === '*' && mon === '*' && dow === '*') {
    const n = Number(every.exec(min)![1]);
    return n === 1 ? 'every minute' : `every ${n} minutes`;
  }
  const m = num(min, 59);
  if (m === null) return cron;
  if (hour === '*' && dom === '*' && mon === '*' && dow === '*')
    return `every hour at ${String(m).padStart(2, '0')} past`;
  const h = num(hour, 23);
  if (h === null) return cron;
  const at = clock(h, m);
  if (dom === '*' && mon === '*' && dow === '*') return h < 6 ? `every night at ${at}` : `every day at ${at}`;
  if (dom === '*' && mon === '*') {
    const list = dow.split(',').map((d) => num(d, 7));
    if (list.some((d) => d === null)) return cron;
    const names = list.map((d) => days[(d as number) % 7]);
    if (names.join() === 'Monday,Tuesday,Wednesday,Thursday,Friday') return `every weekday at ${at}`;
    return `every ${names.join(' and ')} at ${at}`;
  }
  const d = num(dom, 31);
  if (d === null || dow !== '*') return cron;
  if (mon === '*') return `on day ${d} of every month at ${at}`;
  const mo = num(mon, 12);
  return mo ? `every year on ${months[mo - 1]} ${d} at ${at}` : cron;
}
