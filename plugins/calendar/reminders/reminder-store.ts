// Reminders in the database: add, find, the due ones, the next one, each person's own.
import { randomUUID } from 'node:crypto';
import { type DataSource, In, IsNull, LessThanOrEqual, Not } from 'typeorm';
import { Reminder } from './reminder.entity.ts';

/** What a new reminder needs. */
export type NewReminder = Pick<
  Reminder,
  'createdBy' | 'userId' | 'text' | 'dueAt' | 'timeZone' | 'repeat' | 'localStart'
>;

/** Reads and writes calendar_reminder. */
export class ReminderStore {
  constructor(private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(Reminder);
  }

  /** Stores a scheduled reminder. */
  async add(input: NewReminder, now: Date): Promise<Reminder> {
    const row = this.repo.create({
      ...input,
      id: randomUUID(),
      state: 'scheduled',
      firedCount: 0,
      lastFiredAt: null,
      createdAt: now,
      undeliveredReason: null,
      offeredAt: null,
    });
    await this.repo.insert(row);
    return row;
  }

  get(id: string): Promise<Reminder | null> {
    return this.repo.findOneBy({ id });
  }

  /** Scheduled reminders due at or before `at`, oldest first. */
  due(at: Date): Promise<Reminder[]> {
    return this.repo.find({
      where: { state: 'scheduled', dueAt: LessThanOrEqual(at) },
      order: { dueAt: 'ASC' },
    });
  }

  /** The scheduled reminder due first, or null. */
  next(): Promise<Reminder | null> {
    return this.repo.findOne({ where: { state: 'scheduled' }, order: { dueAt: 'ASC' } });
  }

  /** Scheduled reminders for a person or set by them, soonest first. */
  async mine(userId: string): Promise<Reminder[]> {
    return this.repo.find({
      where: [
        { state: 'scheduled', userId },
        { state: 'scheduled', createdBy: userId },
      ],
      order: { dueAt: 'ASC' },
    });
  }

  /** Scheduled reminders for these people, soonest first. */
  forUsers(userIds: string[]): Promise<Reminder[]> {
    return this.repo.find({ where: { state: 'scheduled', userId: In(userIds) }, order: { dueAt: 'ASC' } });
  }

  /** Scheduled reminders that could not be delivered when due, oldest first. */
  held(): Promise<Reminder[]> {
    return this.repo.find({
      where: { state: 'scheduled', undeliveredReason: Not(IsNull()) },
      order: { dueAt: 'ASC' },
    });
  }

  save(row: Reminder): Promise<Reminder> {
    return this.repo.save(row);
  }
}
