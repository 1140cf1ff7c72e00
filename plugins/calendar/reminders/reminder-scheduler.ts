// Fires reminders in code: one timer for the next due reminder; after downtime the missed ones go out late, with a note.
import { CoalescedRun, type Logger } from 'quorra/plugin';
import { formatDay, formatTime } from '../zoned-time.ts';
import type { Clock } from './clock.ts';
import type { Reminder } from './reminder.entity.ts';
import type { ReminderStore } from './reminder-store.ts';
import { nextFiring } from './repeat-rule.ts';

/** What the scheduler needs besides the store. */
export interface SchedulerPorts {
  /** Queues a Matrix message for a person (the outbox keeps it until delivered). */
  notify(userId: string, text: string): Promise<unknown>;
  /** A member's display name, for "from Olivia". */
  nameOf(userId: string): Promise<string | null>;
  /** Why a message cannot reach this person (no Matrix account linked…), or null when it can. */
  undeliverable(userId: string): Promise<string | null>;
}

// a reminder later than this after its time was missed (Quorra was down or asleep), and says so
const LATE_AFTER_MS = 2 * 60_000;
const RETRY_MS = 5 * 60_000;

/** The message a reminder sends. */
export function reminderMessage(r: Reminder, opts: { now: number; from?: string | null }): string {
  const lines = [`⏰ Reminder${opts.from ? ` from ${opts.from}` : ''}: ${r.text}`];
  const due = r.dueAt.getTime();
  if (opts.now - due > LATE_AFTER_MS)
    lines.push(
      `(This is late: it was due ${formatDay(due, r.timeZone)} at ${formatTime(due, r.timeZone)}, while I was not running.)`,
    );
  return lines.join('\n');
}

/** Keeps one timer armed for the next reminder and fires what is due. */
export class ReminderScheduler {
  private cancelTimer: (() => void) | null = null;
  private stopped = false;
  private readonly runs = new CoalescedRun(
    () => this.fireDue().then(() => this.arm()),
    () => this.stopped,
  );

  constructor(
    private readonly store: ReminderStore,
    private readonly ports: SchedulerPorts,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Fires whatever is already due (late ones carry the note) and arms the timer. */
  start(): Promise<void> {
    this.stopped = false;
    return this.tick();
  }

  stop(): void {
    this.stopped = true;
    this.cancelTimer?.();
    this.cancelTimer = null;
  }

  /** Re-reads the next due time (after a reminder was added or cancelled). */
  reschedule(): Promise<void> {
    return this.tick();
  }

  /** Fires every due reminder, then arms for the next; concurrent calls share one run. */
  tick(): Promise<void> {
    return this.runs.kick().catch((err) => this.logger.error({ err }, 'reminder run failed'));
  }

  private async arm(): Promise<void> {
    this.cancelTimer?.();
    this.cancelTimer = null;
    if (this.stopped) return;
    const next = await this.store.next();
    if (!next) return;
    this.cancelTimer = this.clock.setTimer(() => void this.tick(), next.dueAt.getTime() - this.clock.now());
  }

  private async fireDue(): Promise<void> {
    const now = this.clock.now();
    for (const r of await this.store.due(new Date(now))) {
      if (this.stopped) return;
      const reason = await this.ports.undeliverable(r.userId);
      if (reason) {
        await this.hold(r, reason, now);
        continue;
      }
      try {
        const from = r.createdBy !== r.userId ? await this.ports.nameOf(r.createdBy) : null;
        await this.ports.notify(r.userId, reminderMessage(r, { now, from }));
      } catch (err) {
        // kept, not dropped: tried again a little later
        this.logger.warn({ err, reminder: r.id }, 'reminder could not be queued; retrying');
        r.dueAt = new Date(now + RETRY_MS);
        await this.store.save(r);
        continue;
      }
      r.firedCount += 1;
      r.lastFiredAt = new Date(now);
      r.undeliveredReason = null;
      r.offeredAt = null;
      const next = r.repeat ? nextFiring(r.repeat, r.localStart, r.timeZone, now) : null;
      if (next === null) r.state = 'done';
      else r.dueAt = new Date(next);
      await this.store.save(r);
    }
  }

  /**
   * A reminder nobody can receive is not done: it stays pending with the reason (the Overview shows it), is tried
   * again later, and is offered once to the person who set it when that is someone else who can be reached.
   */
  private async hold(r: Reminder, reason: string, now: number): Promise<void> {
    r.undeliveredReason = reason;
    r.dueAt = new Date(now + RETRY_MS);
    if (!r.offeredAt && r.createdBy !== r.userId && !(await this.ports.undeliverable(r.createdBy))) {
      const name = (await this.ports.nameOf(r.userId)) ?? 'them';
      try {
        await this.ports.notify(r.createdBy, offerMessage(r, name, reason));
        r.offeredAt = new Date(now);
      } catch (err) {
        this.logger.warn(
          { err, reminder: r.id },
          'an undeliverable reminder could not be offered to its setter',
        );
      }
    }
    await this.store.save(r);
  }
}

/** What the person who set an undeliverable reminder is told (once). */
export function offerMessage(r: Reminder, name: string, reason: string): string {
  return [
    `⏰ I could not remind ${name}: ${reason}. Their reminder was: ${r.text}`,
    'I will keep it and try again; link their Matrix account on the People page, or cancel the reminder.',
  ].join('\n');
}
