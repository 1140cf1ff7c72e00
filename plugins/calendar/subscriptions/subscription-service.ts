// Subscribed calendars: added by URL or file (checked first, nothing kept when refused), refreshed with HTTP caching,
// the last good copy kept when a feed fails, their events answered beside the household's own, named by source.
import { randomUUID } from 'node:crypto';
import type { DataSource, Repository } from 'typeorm';
import { byStart, type CalendarEvent } from '../calendar-event.ts';
import { EmbeddedCalendar } from '../embedded/embedded-calendar.ts';
import { formatDay } from '../zoned-time.ts';
import { checkFeed, FeedError } from './feed-check.ts';
import { feedUrl, fetchFeed } from './feed-fetch.ts';
import { Subscription } from './subscription.entity.ts';

/** A subscription as the admin UI lists it. */
export function subscriptionView(s: Subscription) {
  return {
    id: s.id,
    name: s.name,
    url: s.url,
    events: s.eventCount,
    last_good_at: s.lastGoodAt.toISOString(),
    last_checked_at: s.lastCheckedAt.toISOString(),
    ...(s.lastError ? { problem: s.lastError } : {}),
  };
}

/** The household's subscribed calendars. */
export class SubscriptionService {
  private readonly repo: Repository<Subscription>;

  constructor(
    private readonly db: DataSource,
    private readonly now: () => number = Date.now,
  ) {
    this.repo = db.getRepository(Subscription);
  }

  list(): Promise<Subscription[]> {
    return this.repo.find({ order: { name: 'ASC' } });
  }

  /** Follows a feed by address: fetched and checked now; a refusal keeps nothing. */
  async addUrl(name: string, address: string, by: string): Promise<Subscription> {
    await this.freeName(name);
    const url = refused(name, () => feedUrl(address));
    const got = await refusedAsync(name, () => fetchFeed(url, { etag: null, lastModified: null }));
    if (!got.changed) throw new FeedError(`“${name}” was not added: the address answered without a calendar`);
    const objects = refused(name, () => checkFeed(got.text));
    return this.store(name, url, objects, by, got.etag, got.lastModified);
  }

  /** Keeps an uploaded .ics file as a read-only calendar; a refusal keeps nothing. */
  async addFile(name: string, text: string, by: string): Promise<Subscription> {
    await this.freeName(name);
    const objects = refused(name, () => checkFeed(text));
    return this.store(name, null, objects, by, null, null);
  }

  /** Fetches a feed again (304 = unchanged); on failure the last good copy stays and the reason is kept. */
  async refresh(sub: Subscription): Promise<Subscription> {
    if (!sub.url) return sub;
    const now = new Date(this.now());
    try {
      const got = await fetchFeed(sub.url, { etag: sub.etag, lastModified: sub.lastModified });
      if (got.changed) {
        const objects = checkFeed(got.text);
        await this.events(sub).rows.replaceAll(objects);
        Object.assign(sub, {
          etag: got.etag,
          lastModified: got.lastModified,
          lastGoodAt: now,
          eventCount: objects.length,
        });
      }
      sub.lastError = null;
    } catch (err) {
      sub.lastError = err instanceof FeedError ? err.message : 'the refresh failed unexpectedly';
    }
    sub.lastCheckedAt = now;
    return this.repo.save(sub);
  }

  /** Refreshes every feed followed by address. */
  async refreshAll(): Promise<number> {
    const subs = (await this.list()).filter((s) => s.url);
    for (const s of subs) await this.refresh(s);
    return subs.length;
  }

  /** Stops following a calendar and drops its events; false when there is none by that id. */
  async remove(id: string): Promise<boolean> {
    const sub = await this.repo.findOneBy({ id });
    if (!sub) return false;
    await this.events(sub).rows.clear();
    await this.repo.delete({ id });
    return true;
  }

  /** Every subscribed event in [from, to), each named by its source. */
  async query(from: number, to: number, timeZone: string): Promise<CalendarEvent[]> {
    const subs = await this.list();
    const all = await Promise.all(
      subs.map(async (s) =>
        (await this.events(s).query(from, to, timeZone)).map((e) => ({ ...e, source: s.name })),
      ),
    );
    return all.flat().sort(byStart);
  }

  /** What the Overview should say about feeds that fail (their last good copy is still answered). */
  async notices(timeZone: string): Promise<string[]> {
    return (await this.list())
      .filter((s) => s.lastError)
      .map(
        (s) =>
          `the “${s.name}” calendar could not be refreshed (${s.lastError}); showing its copy from ${formatDay(s.lastGoodAt.getTime(), timeZone)}`,
      );
  }

  private events(sub: Pick<Subscription, 'id' | 'name'>): EmbeddedCalendar {
    return new EmbeddedCalendar(this.db, `subscription:${sub.id}`);
  }

  private async freeName(name: string): Promise<void> {
    const taken = (await this.list()).some((s) => s.name.toLowerCase() === name.trim().toLowerCase());
    if (taken) throw new FeedError(`there is already a calendar called “${name}”`);
  }

  private async store(
    name: string,
    url: string | null,
    objects: { uid: string; ics: string }[],
    by: string,
    etag: string | null,
    lastModified: string | null,
  ): Promise<Subscription> {
    const now = new Date(this.now());
    const sub = this.repo.create({
      id: randomUUID(),
      name: name.trim(),
      url,
      etag,
      lastModified,
      lastGoodAt: now,
      lastCheckedAt: now,
      lastError: null,
      eventCount: objects.length,
      createdBy: by,
      createdAt: now,
    });
    await this.events(sub).rows.replaceAll(objects);
    return this.repo.save(sub);
  }
}

function refused<T>(name: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw new FeedError(`“${name}” was not added: ${(err as Error).message}`);
  }
}

async function refusedAsync<T>(name: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new FeedError(`“${name}” was not added: ${(err as Error).message}`);
  }
}
