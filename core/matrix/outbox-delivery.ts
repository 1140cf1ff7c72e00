// Delivers the outbox to each member's DM: high urgency at once, the rest batched (not items with a reply target); failures retried with backoff until sent.
import type { UserStore } from '../auth/user-store.ts';
import type { Disposable } from '../contracts/disposable.ts';
import type { Logger } from '../logger.ts';
import { CoalescedRun } from '../scheduler/coalesced-run.ts';
import type { DirectRooms } from './direct-rooms.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';
import { describeError, type MatrixSender } from './matrix-sender.ts';
import type { Outbox } from './outbox.ts';
import type { OutboxItem } from './outbox-item.entity.ts';
import { messageContent } from './reply-format.ts';

/** Timing of delivery. */
export interface DeliveryPolicy {
  /** How long normal and low items may wait to be sent together (0: at once). */
  batchMs: number;
  /** First retry delay after a failed attempt; doubles per attempt. */
  retryBaseMs: number;
  /** Longest retry delay. */
  maxRetryMs?: number;
}

/** The longest the sweep goes without reading the outbox, whatever it expects. */
const SAFETY_SWEEP_MS = 60_000;

/** Joins several notifications into one message. */
export function batchText(items: Pick<OutboxItem, 'text'>[]): string {
  if (items.length === 1) return items[0].text;
  return `**${items.length} updates**\n\n${items.map((i) => i.text).join('\n\n---\n\n')}`;
}

/** The worker that empties the outbox into Matrix DMs. */
export class OutboxDelivery {
  private timer?: NodeJS.Timeout;
  private readonly runs = new CoalescedRun(
    () => this.pass().catch((err) => this.deps.logger.error({ err }, 'outbox delivery pass failed')),
    () => this.stopped,
  );
  private listener?: Disposable;
  private stopped = false;
  /** When a pass may next find something to send: the sweep skips the database until then (ms since the epoch). */
  private wakeAt = 0;
  /** The earliest time asked for by items queued since the current pass began. */
  private requestedAt = Number.POSITIVE_INFINITY;

  constructor(
    private readonly deps: {
      outbox: Outbox;
      users: UserStore;
      direct: DirectRooms;
      sender: MatrixSender;
      metrics: MatrixMetrics;
      logger: Logger;
      policy: DeliveryPolicy;
    },
  ) {}

  /** Starts the periodic sweep and immediate delivery of high-urgency items. */
  start(): void {
    const { policy } = this.deps;
    this.stopped = false;
    this.wakeAt = 0;
    this.listener = this.deps.outbox.onQueued((item) => {
      const now = item.urgency === 'high' || policy.batchMs === 0;
      const at = now ? Date.now() : item.createdAt.getTime() + policy.batchMs;
      this.requestedAt = Math.min(this.requestedAt, at);
      this.wakeAt = Math.min(this.wakeAt, at);
      if (now) void this.kick();
    });
    const every = Math.min(5000, Math.max(50, Math.min(policy.batchMs || 1000, policy.retryBaseMs) / 2));
    // the sweep is a cheap clock check: the outbox is read only when an item may be ready (or a minute has passed)
    this.timer = setInterval(() => {
      if (Date.now() >= this.wakeAt) void this.kick();
    }, every);
    this.timer.unref();
    void this.kick();
  }

  /**
   * Sends one notice to a person's DM now, storing nothing: for when the database cannot take a write (a full disk),
   * so the outbox could not hold it. False when they have no Matrix ID or the send failed (logged).
   */
  async sendNow(userId: string, text: string, key: string): Promise<boolean> {
    const { users, direct, sender, logger } = this.deps;
    const mxid = (await users.get(userId))?.matrixIds[0];
    if (!mxid || this.stopped) return false;
    try {
      const { roomId } = await direct.roomFor(mxid);
      await sender.send(roomId, messageContent(text, undefined, { notice: true }), {
        key,
        kind: 'notification',
      });
      return true;
    } catch (err) {
      logger.warn({ userId, err: describeError(err) }, 'an unstored notice was not delivered');
      return false;
    }
  }

  /** Runs a delivery pass now (or right after the one in progress). */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    return this.runs.kick();
  }

  private async pass(): Promise<void> {
    this.requestedAt = Number.POSITIVE_INFINITY;
    await this.sendDue();
    const next = await this.deps.outbox.nextWake(this.deps.policy.batchMs);
    this.wakeAt = Math.min(next ?? Number.POSITIVE_INFINITY, this.requestedAt, Date.now() + SAFETY_SWEEP_MS);
  }

  private async sendDue(): Promise<void> {
    const now = Date.now();
    const due = await this.deps.outbox.due(new Date(now));
    const groups: OutboxItem[][] = due.filter((i) => i.urgency === 'high').map((i) => [i]);
    // a member's batch goes out once its oldest item has waited long enough (or is a retry)
    const ready = (i: OutboxItem) =>
      i.attempts > 0 || now - i.createdAt.getTime() >= this.deps.policy.batchMs;
    const byUser = new Map<string, OutboxItem[]>();
    for (const item of due.filter((i) => i.urgency !== 'high')) {
      // an item a reply can answer goes on its own, so its event id names it; a secret is never batched
      if (item.replyHandler || item.secretKind) {
        if (ready(item)) groups.push([item]);
      } else byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
    }
    for (const batch of byUser.values()) if (batch.some(ready)) groups.push(batch);
    for (const group of groups) {
      if (this.stopped) return;
      await this.deliver(group);
    }
  }

  private async deliver(items: OutboxItem[]): Promise<void> {
    const { outbox, users, direct, sender, metrics, logger, policy } = this.deps;
    const user = await users.get(items[0].userId);
    const mxid = user?.matrixIds[0];
    if (!mxid) {
      metrics.outboxDeliveries.inc({ outcome: 'undeliverable' }, items.length);
      await outbox.markFailed(
        items,
        user ? 'the user has no Matrix ID' : 'the user no longer exists',
        () => null,
      );
      return;
    }
    const texts: string[] = [];
    for (const item of items) {
      const text = await outbox.messageOf(item);
      if (text === null) {
        metrics.outboxDeliveries.inc({ outcome: 'undeliverable' }, items.length);
        await outbox.markFailed(items, 'the message could not be made again (see the log)', () => null);
        return;
      }
      texts.push(text);
    }
    try {
      const { roomId } = await direct.roomFor(mxid);
      // a secret is made fresh per attempt, so each attempt is its own message (the newest code is the one that works)
      const secret = items.some((i) => i.secretKind);
      const key = `outbox:${items.map((i) => i.id).join(',')}${secret ? `:${items[0].attempts}` : ''}`;
      const eventId = await sender.send(roomId, messageContent(batchText(texts.map((text) => ({ text })))), {
        key,
        kind: 'notification',
      });
      await outbox.markSent(
        items.map((i) => i.id),
        roomId,
        eventId,
      );
      metrics.outboxDeliveries.inc({ outcome: 'sent' }, items.length);
    } catch (err) {
      if (this.stopped) return;
      const reason = describeError(err);
      logger.warn({ userId: items[0].userId, err: reason }, 'notification not delivered; will retry');
      metrics.outboxDeliveries.inc({ outcome: 'failed' }, items.length);
      const max = policy.maxRetryMs ?? 15 * 60_000;
      await outbox.markFailed(
        items,
        reason,
        (n) => new Date(Date.now() + Math.min(max, policy.retryBaseMs * 2 ** (n - 1))),
      );
    }
  }

  /** Stops the sweep and waits for a pass in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.listener?.dispose();
    await this.runs.current;
  }
}
