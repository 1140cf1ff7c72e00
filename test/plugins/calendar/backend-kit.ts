// The two calendar backends under test: embedded on a fresh migrated database, CalDAV on a fresh real Radicale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { openDatabase } from '../../../core/db/open-database.ts';
import { CaldavBackend } from '../../../plugins/calendar/caldav-backend.ts';
import type { CalendarBackend } from '../../../plugins/calendar/calendar-backend.ts';
import { CalendarObject } from '../../../plugins/calendar/embedded/calendar-object.entity.ts';
import { EmbeddedBackend } from '../../../plugins/calendar/embedded/embedded-backend.ts';
import { CreateCalendarStore1766000000000 } from '../../../plugins/calendar/migrations/1766000000000-create-calendar-store.ts';
import { startRadicale } from '../../support/radicale-server.ts';
import { testDatabaseUrl } from '../../support/test-database.ts';

/** A backend and how to throw it away. */
export interface BackendUnderTest<B extends CalendarBackend = CalendarBackend> {
  backend: B;
  dispose(): Promise<void>;
}

/** Opens a fresh database (SQLite, or PostgreSQL under the PostgreSQL run) with only the calendar store migrated. */
export async function openCalendarDb(): Promise<{ db: DataSource; dispose(): Promise<void> }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'quorra-calendar-'));
  const { db } = await openDatabase({
    path: path.join(dir, 'quorra.db'),
    url: await testDatabaseUrl(),
    busyTimeoutMs: 5000,
    entities: [CalendarObject],
    migrations: [CreateCalendarStore1766000000000],
  });
  return {
    db,
    async dispose() {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The embedded backend on a fresh database. */
export async function makeEmbedded(): Promise<BackendUnderTest<EmbeddedBackend>> {
  const { db, dispose } = await openCalendarDb();
  return { backend: new EmbeddedBackend(db), dispose };
}

/** The CalDAV backend on a fresh Radicale. */
export async function makeCaldav(): Promise<BackendUnderTest<CaldavBackend>> {
  const radicale = await startRadicale();
  return {
    backend: new CaldavBackend({
      url: radicale.url,
      username: radicale.username,
      password: radicale.password,
    }),
    dispose: () => radicale.stop(),
  };
}
