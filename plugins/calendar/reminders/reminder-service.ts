// Reminders end to end: set (validated, stored, scheduled), list and cancel for a person; the clock is swappable for tests.

import type { Logger } from 'quorra/plugin';
import type { DataSource } from 'typeorm';
import { formatDay, formatTime, localDate, parseMoment } from '../zoned-time.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Reminder } from './reminder.entity.ts';
import { ReminderScheduler, type SchedulerPorts } from './reminder-scheduler.ts';
import { ReminderStore } from './reminder-store.ts';
import { describeRepeat, nextFiring, type RepeatKind, repeatRule, type Weekday } from './repeat-rule.ts';

/** What a person asks for. */
export interface SetReminder {
  createdBy: string;
  userId: string;
  text: string;
  timeZone: string;
  /** A local date-time `YYYY-MM-DDTHH:MM` (or with an offset), or minutes from now. */
  at?: string;
  inMinutes?: number;
  repeat?: RepeatKind;
  days?: Weekday[];
}

const MAX_SCHEDULED_PER_PERSON = 200;

/** A reminder's next firing in words: "Monday 7 December 2026 at 08:00 (Europe/Berlin)". */
export function firesAt(r: Pick<Reminder, 'dueAt' | 'timeZone'>): string {
  const at = r.dueAt.getTime();
  return `${formatDay(at, r.timeZone)} at ${formatTime(at, r.timeZone)} (${r.timeZone})`;
}

/** Reminders for the household: stored in the database, fired by the scheduler. */
export class ReminderService {
  readonly store: ReminderStore;
  private scheduler: ReminderScheduler | null = null;
  private clock: Clock = systemClock;

  constructor(
    db: DataSource,
    private readonly ports: SchedulerPorts,
    private readonly logger: Logger,
  ) {
    this.store = new ReminderStore(db);
  }

  /** Starts (or restarts on another clock): fires what is due, late ones with a note, then waits for the next. */
  async start(clock: Clock = systemClock): Promise<void> {
    this.stop();
    this.clock = clock;
    this.scheduler = new ReminderScheduler(this.store, this.ports, clock, this.logger);
    await this.scheduler.start();
  }

  stop(): void {
    this.scheduler?.stop();
    this.scheduler = null;
  }

  now(): number {
    return this.clock.now();
  }

  /** Fires what is due now (the timer does this itself; tests with a manual clock call it after moving time). */
  tick(): Promise<void> {
    return this.scheduler?.tick() ?? Promise.resolve();
  }

  /** Validates, stores and schedules a reminder; throws a plain-words error and stores nothing on bad input. */
  async set(input: SetReminder): Promise<Reminder> {
    const now = this.clock.now();
    if ((input.at === undefined) === (input.inMinutes === undefined))
      throw new Error('give either a time (at) or a number of minutes from now (in_minutes)');
    let first: number;
    if (input.at !== undefined) {
      const m = parseMoment(input.at, input.timeZone);
      if (m.kind === 'date') throw new Error('give a time of day too (YYYY-MM-DDTHH:MM)');
      first = m.at;
    } else first = now + (input.inMinutes as number) * 60_000;
    first = Math.floor(first / 60_000) * 60_000;
    const localStart = `${localDate(first, input.timeZone)}T${formatTime(first, input.timeZone)}`;
    const repeat = input.repeat ? repeatRule(input.repeat, input.days) : null;
    if (input.days?.length && input.repeat !== 'weekly') throw new Error('days only go with repeat "weekly"');
    const due = repeat ? nextFiring(repeat, localStart, input.timeZone, Math.max(now, first - 1)) : first;
    if (due === null || due <= now)
      throw new Error(
        `that time has passed (it is now ${formatDay(now, input.timeZone)} ${formatTime(now, input.timeZone)} in ${input.timeZone})`,
      );
    if ((await this.store.mine(input.userId)).length >= MAX_SCHEDULED_PER_PERSON)
      throw new Error(`a person can have at most ${MAX_SCHEDULED_PER_PERSON} reminders waiting`);
    const row = await this.store.add(
      {
        createdBy: input.createdBy,
        userId: input.userId,
        text: input.text,
        dueAt: new Date(due),
        timeZone: input.timeZone,
        repeat,
        localStart,
      },
      new Date(now),
    );
    await this.scheduler?.reschedule();
    return row;
  }

  /** The reminders waiting for a person or set by them. */
  list(userId: string): Promise<Reminder[]> {
    return this.store.mine(userId);
  }

  /** Cancels a reminder the person set or receives; null when there is none they may cancel. */
  async cancel(id: string, userId: string): Promise<Reminder | null> {
    const r = await this.store.get(id);
    if (r?.state !== 'scheduled' || (r.userId !== userId && r.createdBy !== userId)) return null;
    r.state = 'cancelled';
    await this.store.save(r);
    await this.scheduler?.reschedule();
    return r;
  }

  /** How a reminder repeats, in words, or null. */
  repeatText(r: Reminder): string | null {
    return r.repeat ? describeRepeat(r.repeat, r.localStart, r.timeZone) : null;
  }
}
