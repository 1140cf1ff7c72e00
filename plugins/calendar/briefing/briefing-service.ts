// Daily briefings: who gets one at what local time, and a minute-by-minute check that sends each once a local day.

import type { Logger } from 'quorra/plugin';
import type { DataSource } from 'typeorm';
import type { Member } from '../calendar-book.ts';
import { formatTime, localDate } from '../zoned-time.ts';
import { Briefing } from './briefing.entity.ts';
import { type BriefingSources, composeBriefing } from './compose-briefing.ts';

/** What the service needs besides the database. */
export interface BriefingPorts extends BriefingSources {
  members(): Promise<Member[]>;
  notify(userId: string, text: string): Promise<unknown>;
}

/** Schedules, lists and sends the briefings. */
export class BriefingService {
  constructor(
    private readonly db: DataSource,
    private readonly ports: BriefingPorts,
    private readonly logger: Logger,
  ) {}

  private get repo() {
    return this.db.getRepository(Briefing);
  }

  /** Sets (or moves) a member's briefing to a local `HH:MM`; it goes out from the next time that time comes. */
  async schedule(userId: string, time: string, setBy: string, now: number): Promise<Briefing> {
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new Error('give the time as HH:MM, e.g. 07:00');
    const member = (await this.ports.members()).find((m) => m.id === userId);
    if (!member) throw new Error('there is no such household member');
    // already past today's time: start tomorrow rather than sending at once
    const passed = formatTime(now, member.timezone) >= time;
    const row = this.repo.create({
      userId,
      time,
      setBy,
      lastSentDate: passed ? localDate(now, member.timezone) : null,
      updatedAt: new Date(now),
    });
    await this.repo.save(row);
    return row;
  }

  /** Stops a member's briefing; false when there was none. */
  async cancel(userId: string): Promise<boolean> {
    return ((await this.repo.delete({ userId })).affected ?? 0) > 0;
  }

  list(): Promise<Briefing[]> {
    return this.repo.find({ order: { time: 'ASC' } });
  }

  /** Sends every briefing whose local time has come today and that has not gone out today (also after downtime). */
  async runDue(now: number): Promise<number> {
    const members = new Map((await this.ports.members()).map((m) => [m.id, m]));
    let sent = 0;
    for (const b of await this.list()) {
      const member = members.get(b.userId);
      if (!member) continue;
      const today = localDate(now, member.timezone);
      if (b.lastSentDate === today || formatTime(now, member.timezone) < b.time) continue;
      try {
        await this.ports.notify(member.id, await composeBriefing(this.ports, member, now));
        b.lastSentDate = today;
        await this.repo.save(b);
        sent++;
      } catch (err) {
        this.logger.warn({ err, user: member.id }, 'daily briefing could not be sent; next minute again');
      }
    }
    return sent;
  }
}
