// One collection of the embedded backend (a calendar or a task list): its rows of iCalendar text in calendar_object.
import { randomUUID } from 'node:crypto';
import { type DataSource, IsNull, LessThan, MoreThan, type Repository } from 'typeorm';
import type { RawObject, StoredObject } from '../calendar-backend.ts';
import { CalendarObject } from './calendar-object.entity.ts';
import { objectSpan } from './object-span.ts';

/** The rows of one collection, keyed `KIND:name`. */
export class EmbeddedCollection {
  private readonly repo: Repository<CalendarObject>;
  readonly key: string;

  constructor(
    db: DataSource,
    kind: 'VEVENT' | 'VTODO',
    name: string,
    readonly displayName: string,
  ) {
    this.repo = db.getRepository(CalendarObject);
    this.key = collectionKey(kind, name);
  }

  /** Every row. */
  all(): Promise<CalendarObject[]> {
    return this.repo.find({ where: { collection: this.key }, order: { uid: 'ASC' } });
  }

  /** The rows whose span may touch [from, to): bounded rows by both ends, open-ended ones by their start. */
  async touching(from: number, to: number): Promise<CalendarObject[]> {
    const [bounded, open] = await Promise.all([
      this.repo.find({ where: { collection: this.key, startsAt: LessThan(to), endsAt: MoreThan(from) } }),
      this.repo.find({ where: { collection: this.key, startsAt: LessThan(to), endsAt: IsNull() } }),
    ]);
    return [...bounded, ...open];
  }

  /** The row holding a UID, or null. */
  byUid(uid: string): Promise<CalendarObject | null> {
    return this.repo.findOneBy({ collection: this.key, uid });
  }

  /** Stores an object under its UID, replacing the one there. */
  async put(object: RawObject): Promise<StoredObject> {
    const existing = await this.byUid(object.uid);
    const row = this.repo.create({
      id: existing?.id ?? randomUUID(),
      collection: this.key,
      collectionName: this.displayName,
      uid: object.uid,
      ics: object.ics,
      ...objectSpan(object.ics),
      updatedAt: Date.now(),
    });
    await this.repo.save(row);
    return toStored(row);
  }

  /** Replaces every row with these objects in one transaction (a subscription's refresh: all or nothing). */
  async replaceAll(objects: RawObject[]): Promise<void> {
    const now = Date.now();
    await this.repo.manager.transaction(async (m) => {
      await m.delete(CalendarObject, { collection: this.key });
      const rows = objects.map((o) =>
        m.create(CalendarObject, {
          id: randomUUID(),
          collection: this.key,
          collectionName: this.displayName,
          uid: o.uid,
          ics: o.ics,
          ...objectSpan(o.ics),
          updatedAt: now,
        }),
      );
      for (let i = 0; i < rows.length; i += 200) await m.insert(CalendarObject, rows.slice(i, i + 200));
    });
  }

  /** Deletes every row. */
  async clear(): Promise<void> {
    await this.repo.delete({ collection: this.key });
  }

  /** Replaces the text of a row found before (by its id). */
  async replace(object: StoredObject, ics: string): Promise<void> {
    const row = await this.repo.findOneBy({ id: object.url, collection: this.key });
    if (!row) throw new Error('that entry is no longer in the calendar');
    await this.repo.update({ id: row.id }, { ics, ...objectSpan(ics), updatedAt: Date.now() });
  }

  /** Deletes a row by id. */
  async delete(object: StoredObject): Promise<void> {
    await this.repo.delete({ id: object.url, collection: this.key });
  }

  /** One cheap query, proving the table answers. */
  async probe(): Promise<void> {
    await this.repo.count({ where: { collection: this.key } });
  }
}

/** A row as the capability's stored object (its id as the URL, its text as the data). */
export function toStored(row: CalendarObject): StoredObject {
  return { url: row.id, data: row.ics };
}

/** The key of a collection: kind and name, trimmed and lower-case (as CalDAV display names match). */
export function collectionKey(kind: 'VEVENT' | 'VTODO', name: string): string {
  return `${kind}:${name.trim().toLowerCase()}`;
}
