// `quorra calendar move --to caldav`: copies the embedded calendars and lists to the CalDAV server in the settings.
import type { Writable } from 'node:stream';
import { databasePath, type QuorraConfig } from 'quorra/plugin';
import { DataSource } from 'typeorm';
import { CaldavBackend } from '../caldav-backend.ts';
import { calendarSettings } from '../calendar-settings.ts';
import { CalendarObject } from '../embedded/calendar-object.entity.ts';
import { EmbeddedBackend } from '../embedded/embedded-backend.ts';
import { moveText, moveToCaldav } from './move-to-caldav.ts';

const usage = 'usage: quorra calendar move --to caldav';

/** Runs the subcommand; 0 when everything was copied and found on the server. */
export async function calendarCommand(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const say = (line: string) => out.write(`${line}\n`);
  if (args[0] !== 'move' || args[1] !== '--to' || args[2] !== 'caldav' || args.length !== 3) {
    say(usage);
    return 2;
  }
  const parsed = calendarSettings.safeParse(
    (config.plugins as Record<string, { settings?: unknown }> | undefined)?.calendar?.settings ?? {},
  );
  if (!parsed.success || !parsed.data.url) {
    say(
      'Set the CalDAV server first (plugins.calendar.settings.url, username and password), then run this again.',
    );
    return 1;
  }
  const settings = parsed.data;
  const url = settings.url as string;
  const db = new DataSource(
    config.database.url
      ? { type: 'postgres', url: config.database.url, entities: [CalendarObject] }
      : { type: 'better-sqlite3', database: databasePath(config), entities: [CalendarObject] },
  );
  await db.initialize();
  try {
    const target = new CaldavBackend({ ...settings, url });
    const report = await moveToCaldav(new EmbeddedBackend(db), target);
    for (const line of moveText(report)) say(line);
    if (report.ok) say('Restart Quorra: it now reads and writes the CalDAV server.');
    return report.ok ? 0 : 1;
  } catch (err) {
    say(`The move stopped: ${(err as Error).message}. Nothing was deleted from Quorra; run it again.`);
    return 1;
  } finally {
    await db.destroy();
  }
}
