// The notification outbox any plugin can use: notify(user, text, {urgency, replyTo}) persists an item; delivery marks it sent or failed.
import { randomUUID } from 'node:crypto';
import { type DataSource, In, IsNull, LessThanOrEqual, Not } from 'typeorm';
import type { UserStore } from '../auth/user-store.ts';
import { type Disposable, toDisposable } from '../contracts/disposable.ts';
import { fail } from '../contracts/errors.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';
import { OutboxItem, type OutboxState, type OutboxUrgency } from './outbox-item.entity.ts';

/** Options for a notification. */
export interface NotifyOptions {
  urgency?: OutboxUrgency;
  /** Routes a Matrix reply to this notification to the named reply handler with `ref`; the item goes out on its own. */
  replyTo?: { handler: string; ref: string };
}

/** What notify answers: the item's id and state (queued until delivered). */
export type Notify = (userId: string, text: string, opts?: NotifyOptions) => Promise<OutboxItem>;

const MAX_TEXT = 16_000;

/** Stores outbox items and tells the delivery worker about new ones. */
export class Outbox {
  private readonly listeners = new Set<(item: OutboxItem) => void>();

  constructor(
    private readonly db: DataSource,
    private readonly users: UserStore,
    private readonly metrics: MatrixMetrics,
  ) {}

  private get repo() {
    return this.db.getRepository(OutboxItem);
  }

  /** Queues a notification for a household user; it is kept until delivered (also while Matrix is off). */
  async notify(userId: string, text: string, opts: NotifyOptions = {}): Promise<OutboxItem> {
    const body = text?.trim();
    if (!body) throw fail.invalid('QUORRA_NOTIFY_EMPTY', 'a notification needs text');
    if (body.length > MAX_TEXT)
      throw fail.invalid('QUORRA_NOTIFY_TOO_LONG', `a notification is limited to ${MAX_TEXT} characters`);
    const urgency = opts.urgency ?? 'normal';
    if (!['high', 'normal', 'low'].includes(urgency))
      throw fail.invalid('QUORRA_NOTIFY_URGENCY', `unknown urgency "${urgency}"`);
    const { replyTo } = opts;
    if (
      replyTo &&
      (typeof replyTo.handler !== 'string' ||
        !replyTo.handler ||
        replyTo.handler.length > 100 ||
        typeof replyTo.ref !== 'string' ||
        replyTo.ref.length > 255)
    )
      throw fail.invalid('QUORRA_NOTIFY_REPLY_TO', 'replyTo needs a handler name and a ref (a string)');
    if (!(await this.users.get(userId))) throw fail.invalid('QUORRA_UNKNOWN_USER', `no user "${userId}"`);
    const now = new Date();
    const item = this.repo.create({
      id: randomUUID(),
      userId,
      text: body,
      urgency,
      state: 'queued',
      attempts: 0,
      lastError: null,
      nextAttemptAt: now,
      roomId: null,
      eventId: null,
      replyHandler: replyTo?.handler ?? null,
      replyRef: replyTo ? replyTo.ref : null,
      createdAt: now,
      sentAt: null,
    });
    await this.repo.insert(item);
    await this.refreshGauge();
    for (const fn of this.listeners) fn(item);
    return item;
  }

  /** Calls fn for every newly queued item (the delivery worker listens). */
  onQueued(fn: (item: OutboxItem) => void): Disposable {
    this.listeners.add(fn);
    return toDisposable(() => void this.listeners.delete(fn));
  }

  /** One item by id. */
  get(id: string): Promise<OutboxItem | null> {
    return this.repo.findOneBy({ id });
  }

  /** The sent item with a reply target that a Matrix event delivered, if any. */
  repliable(eventId: string): Promise<OutboxItem | null> {
    return this.repo.findOneBy({ eventId, state: 'sent', replyHandler: Not(IsNull()) });
  }

  /** Items, newest first, optionally by state and user. */
  list(filter: { state?: OutboxState; userId?: string; limit?: number } = {}): Promise<OutboxItem[]> {
    return this.repo.find({
      where: {
        ...(filter.state ? { state: filter.state } : {}),
        ...(filter.userId ? { userId: filter.userId } : {}),
      },
      order: { createdAt: 'DESC' },
      take: filter.limit ?? 100,
    });
  }

  /** Items waiting for an attempt that may run now, oldest first. */
  due(now = new Date()): Promise<OutboxItem[]> {
    return this.repo.find({
      where: { state: In(['queued', 'failed']), nextAttemptAt: LessThanOrEqual(now) },
      order: { createdAt: 'ASC' },
    });
  }

  /**
   * When the earliest waiting item may go out (ms since the epoch): its next attempt, and for a first attempt of a
   * batched (not high) item the end of its batch window too; null when nothing waits.
   */
  async nextWake(batchMs: number): Promise<number | null> {
    const rows = await this.repo.find({
      select: { id: true, urgency: true, attempts: true, createdAt: true, nextAttemptAt: true },
      where: { state: In(['queued', 'failed']), nextAttemptAt: Not(IsNull()) },
    });
    let wake: number | null = null;
    for (const i of rows) {
      const next = i.nextAttemptAt!.getTime();
      const at =
        i.urgency === 'high' || i.attempts > 0 ? next : Math.max(next, i.createdAt.getTime() + batchMs);
      if (wake === null || at < wake) wake = at;
    }
    return wake;
  }

  /** Marks items delivered in one message. */
  async markSent(ids: string[], roomId: string, eventId: string): Promise<void> {
    const now = new Date();
    await this.repo.update(
      { id: In(ids) },
      { state: 'sent', roomId, eventId, sentAt: now, nextAttemptAt: null, lastError: null },
    );
    await this.refreshGauge();
  }

  /** Marks a failed attempt; retryAt null means it cannot be retried (e.g. the user has no Matrix ID). */
  async markFailed(
    items: OutboxItem[],
    error: string,
    retryAt: (attempts: number) => Date | null,
  ): Promise<void> {
    for (const item of items) {
      const attempts = item.attempts + 1;
      await this.repo.update(
        { id: item.id },
        { state: 'failed', attempts, lastError: error.slice(0, 1000), nextAttemptAt: retryAt(attempts) },
      );
    }
    await this.refreshGauge();
  }

  /** Counts by state. */
  async counts(): Promise<Record<OutboxState, number>> {
    const out: Record<OutboxState, number> = { queued: 0, sent: 0, failed: 0 };
    const rows: { state: OutboxState; n: number }[] = await this.repo
      .createQueryBuilder('o')
      .select('o.state', 'state')
      .addSelect('COUNT(*)', 'n')
      .groupBy('o.state')
      .getRawMany();
    for (const r of rows) out[r.state] = Number(r.n);
    return out;
  }

  /** Updates the quorra_matrix_outbox_items gauge. */
  async refreshGauge(): Promise<void> {
    const counts = await this.counts();
    for (const [state, n] of Object.entries(counts)) this.metrics.outbox.set({ state }, n);
  }
}
