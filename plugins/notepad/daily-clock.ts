// Runs a job once a household-local day at or after its HH:MM; a missed time (Quorra was down) runs at the next tick.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The household-local date and HH:MM of `now` in `timeZone`. */
export function localClock(now: Date, timeZone: string): { day: string; hhmm: string } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '00';
  return { day: `${get('year')}-${get('month')}-${get('day')}`, hhmm: `${get('hour')}:${get('minute')}` };
}

/** Remembers, in the plugin's data dir, which local day each daily job last ran (so a restart does not repeat it). */
export class DailyClock {
  private readonly file: string;
  private last: Record<string, string>;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, 'daily-clock.json');
    this.last = existsSync(this.file) ? JSON.parse(readFileSync(this.file, 'utf8')) : {};
  }

  /** Whether `job` is due now (its time has passed today and it has not run today); marks it run when it is. */
  claim(job: string, at: string, now: Date, timeZone: string): boolean {
    const { day, hhmm } = localClock(now, timeZone);
    if (hhmm < at || this.last[job] === day) return false;
    this.last[job] = day;
    writeFileSync(this.file, JSON.stringify(this.last));
    return true;
  }
}
