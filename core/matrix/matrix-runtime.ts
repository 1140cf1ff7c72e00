// The Matrix runtime's lifecycle: log in, start syncing, take events in durably, answer them per room, deliver the outbox.
import type { DataSource } from 'typeorm';
import type { UserStore } from '../auth/user-store.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { ConfirmationStore } from '../engine/confirmation-store.ts';
import type { Turns } from '../engine/turns.ts';
import type { CheckResult } from '../health/health.ts';
import type { Logger } from '../logger.ts';
import type { CommandDefinition, FileHandler, ReplyHandler } from '../plugin/contributions.ts';
import type { Registry } from '../registry.ts';
import { fillGap } from './backfill.ts';
import { EncryptedEvents } from './crypto/encrypted-events.ts';
import { openEncryption } from './crypto/open-encryption.ts';
import type { DirectRooms } from './direct-rooms.ts';
import { EventLog } from './event-log.ts';
import { FailureBackoff } from './failure-backoff.ts';
import type { BotIdentity } from './inbound-filter.ts';
import { Intake } from './intake.ts';
import type { InvitePolicy } from './invite-policy.ts';
import { type JoinedRoom, listJoinedRooms } from './joined-rooms.ts';
import { type LoadedMatrixSdk, loadMatrixSdk } from './load-matrix-sdk.ts';
import { ClientHaltedError, createMatrixClient, type QuorraMatrixClient } from './matrix-client.ts';
import type { MatrixEvent } from './matrix-event.entity.ts';
import { syncHealth } from './matrix-health.ts';
import { accessTokenFor } from './matrix-login.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';
import { describeError } from './matrix-sender.ts';
import { type MatrixKvStore, QuorraStorageProvider } from './matrix-storage.ts';
import type { MessagePipeline } from './message-pipeline.ts';
import type { Outbox } from './outbox.ts';
import type { OutboxDelivery } from './outbox-delivery.ts';
import type { RoomMembers } from './room-members.ts';
import { RoomQueues } from './room-queue.ts';
import type { RoomResolver } from './room-resolver.ts';
import type { RoomSessions } from './room-sessions.ts';
import { runtimeParts } from './runtime-parts.ts';
import { routeSdkLogs } from './sdk-logs.ts';

/** What the runtime is built from. */
export interface RuntimeDeps {
  config: QuorraConfig;
  db: DataSource;
  logger: Logger;
  metrics: MatrixMetrics;
  users: UserStore;
  turns: Turns;
  confirmations: ConfirmationStore;
  commands: Registry<CommandDefinition>;
  replies: Registry<ReplyHandler>;
  files: Registry<FileHandler>;
  resolver: RoomResolver;
  roomSessions: RoomSessions;
  outbox: Outbox;
  kv: MatrixKvStore;
}

const SYNC_FILTER = { room: { timeline: { limit: 50 } } };
const SYNC_TOKEN_WRITE_MS = 1000;

/** The bot: one per app, started after plugins and stopped before the database closes. */
export class MatrixRuntime {
  private client?: QuorraMatrixClient;
  private storage?: QuorraStorageProvider;
  private sdk?: LoadedMatrixSdk;
  private readonly bot: BotIdentity = { userId: '' };
  private members!: RoomMembers;
  private direct!: DirectRooms;
  private pipeline!: MessagePipeline;
  private delivery?: OutboxDelivery;
  private invites!: InvitePolicy;
  private readonly backoff = new FailureBackoff();
  private readonly events: EventLog;
  private readonly intake: Intake;
  private encrypted: EncryptedEvents;
  private readonly queues: RoomQueues;
  private stopping = false;
  private cutoffTs = 0;
  private startedAt = 0;
  private lastSyncAt = 0;
  private lastSyncError?: { at: number; message: string };
  private lastStartError?: string;
  private retryTimer?: NodeJS.Timeout;
  private startAttempts = 0;

  constructor(private readonly d: RuntimeDeps) {
    this.events = new EventLog(d.db);
    this.queues = new RoomQueues(d.logger);
    this.encrypted = new EncryptedEvents(undefined, () => undefined, 0, d.logger);
    this.intake = new Intake({
      events: this.events,
      metrics: d.metrics,
      bot: this.bot,
      cutoffTs: () => this.cutoffTs,
    });
  }

  /** Connects and starts syncing; on failure keeps retrying in the background (health says why). Once stopped, never again. */
  async start(): Promise<void> {
    // a start that arrives after stop() (the app stopping while its Matrix start-up was still seeding rooms) would
    // otherwise connect a client nobody stops, its /sync long-poll outliving the app
    if (this.stopping) return;
    this.d.kv.open();
    try {
      await this.connect();
      this.lastStartError = undefined;
      this.startAttempts = 0;
    } catch (err) {
      if (this.stopping) return;
      this.lastStartError = describeError(err);
      this.d.logger.error({ err: this.lastStartError }, 'Matrix runtime could not start; retrying');
      const delay = Math.min(60_000, 5000 * 2 ** this.startAttempts++);
      this.retryTimer = setTimeout(() => void this.start(), delay);
      this.retryTimer.unref();
    }
  }

  private async connect(): Promise<void> {
    const { config, logger, kv } = this.d;
    const cfg = config.matrix;
    this.sdk ??= loadMatrixSdk();
    const { sdk } = this.sdk;
    routeSdkLogs(this.sdk, logger.child({ subsystem: 'matrix-bot-sdk' }));
    let token = await accessTokenFor(cfg, kv, sdk, logger);
    let client = this.makeClient(token);
    let who: { user_id: string; device_id?: string };
    try {
      who = await client.getWhoAmI();
    } catch (err: any) {
      if (err?.errcode !== 'M_UNKNOWN_TOKEN' || !cfg.password) throw err;
      token = await accessTokenFor(cfg, kv, sdk, logger, { fresh: true });
      client = this.makeClient(token);
      who = await client.getWhoAmI();
    }
    this.bot.userId = who.user_id;
    const profile = await client.getUserProfile(who.user_id).catch(() => ({}) as Record<string, string>);
    if (cfg.displayName && profile.displayname !== cfg.displayName)
      await client.setDisplayName(cfg.displayName);
    this.bot.displayName = cfg.displayName ?? profile.displayname ?? who.user_id.slice(1).split(':')[0];
    this.encrypted = await openEncryption({
      config,
      client,
      userId: who.user_id,
      deviceId: who.device_id,
      logger,
      requeue: (row) => this.enqueue(row),
    });
    logger[this.encrypted.enabled ? 'info' : 'warn'](`Matrix: ${this.encrypted.describe()}`);
    this.wire(client);
    this.startedAt = Date.now();
    this.cutoffTs = this.startedAt - cfg.catchUpWindowMinutes * 60_000;
    await this.events.prune(new Date(this.startedAt - 30 * 86_400_000));
    // what the previous run left unfinished, read before the first sync: read after, it would also hold the events
    // that sync just took in (queued, already in a room queue) and they would be answered twice
    const unfinished = await this.events.unfinished();
    this.client = client;
    try {
      await client.start(SYNC_FILTER);
    } catch (err) {
      this.client = undefined;
      throw err;
    }
    if (this.stopping) {
      // stop() ran while we were connecting: end the sync loop we just started
      client.stop();
      client.halt();
      return;
    }
    for (const roomId of await this.invites.pending()) this.enqueueInvite(roomId);
    for (const key of await kv.keys('backfill.')) {
      const roomId = key.slice('backfill.'.length);
      this.enqueueBackfill(roomId, (await kv.get(key))!);
    }
    for (const row of unfinished) {
      if (row.originTs >= this.cutoffTs) this.enqueue(row);
      else await this.events.mark(row.eventId, 'ignored', { reason: 'too_old' });
    }
    this.delivery?.start();
    // the device ID and key are what an owner compares in Element to verify the bot's session by hand
    logger.info(
      { userId: who.user_id, deviceId: who.device_id, e2ee: this.encrypted.describe() },
      'Matrix runtime started',
    );
  }

  private makeClient(token: string): QuorraMatrixClient {
    const { sdk } = this.sdk!;
    const cfg = this.d.config.matrix;
    // the sync position is written once a second, not twice per message (see QuorraStorageProvider)
    this.storage = new QuorraStorageProvider(this.d.kv, { tokenWriteMs: SYNC_TOKEN_WRITE_MS });
    return createMatrixClient(sdk, {
      homeserverUrl: cfg.homeserverUrl!,
      accessToken: token,
      storage: this.storage,
      hooks: {
        onRateLimited: (endpoint, waitMs) => {
          this.d.metrics.rateLimited.inc({ endpoint });
          this.d.logger.info({ endpoint, waitMs }, 'homeserver rate limit; waiting');
        },
        onSync: (ok, err, res) => this.onSync(ok, err, res),
        beforeEmit: (name, args) => this.beforeEmit(name, args),
      },
    });
  }

  private wire(client: QuorraMatrixClient): void {
    const parts = runtimeParts(this.d, {
      client,
      bot: this.bot,
      events: this.events,
      backoff: this.backoff,
      encrypted: this.encrypted,
    });
    ({ members: this.members, direct: this.direct, pipeline: this.pipeline } = parts);
    ({ invites: this.invites, delivery: this.delivery } = parts);
  }

  private async onSync(ok: boolean, err?: unknown, res?: Record<string, any>): Promise<void> {
    this.d.metrics.syncs.inc({ outcome: ok ? 'ok' : 'error' });
    if (!ok) {
      if (!this.stopping) this.lastSyncError = { at: Date.now(), message: describeError(err) };
      return;
    }
    this.lastSyncAt = Date.now();
    this.d.metrics.lastSync.set(this.lastSyncAt / 1000);
    // keys first: the batch's encrypted events are decrypted as they are taken in
    await this.encrypted.sync(res);
    // a limited timeline skipped events: note the hole before the sync position moves past it, fill it first
    for (const [roomId, room] of Object.entries((res?.rooms?.join ?? {}) as Record<string, any>)) {
      const prevBatch = room?.timeline?.limited === true ? room.timeline.prev_batch : undefined;
      if (typeof prevBatch !== 'string' || !this.client) continue;
      await this.d.kv.set(`backfill.${roomId}`, prevBatch);
      this.enqueueBackfill(roomId, prevBatch);
    }
  }

  /** Runs for every event a sync emits, before the SDK's listeners; the sync token is stored only after all of them. */
  private async beforeEmit(name: string, args: any[]): Promise<boolean> {
    if (this.stopping) throw new Error('the Matrix runtime is stopping');
    const [roomId, ev] = args as [string, Record<string, any>];
    if (name === 'room.invite') {
      // only noted here: joining (and any 429 on it) happens in the room's queue, never holding the sync loop
      await this.invites.note(roomId, ev);
      this.enqueueInvite(roomId);
      return false;
    }
    if (name === 'room.leave') this.members.forget(roomId);
    if (name === 'room.event') {
      await this.members.apply(roomId, ev);
      const row = await this.intake.admit(roomId, await this.encrypted.clear(roomId, ev));
      if (row) this.enqueue(row);
    }
    return true;
  }

  /** Queues an event for its room; once stopping, queued events wait in the log for the next start. */
  private enqueue(row: MatrixEvent): void {
    this.queues.push(row.roomId, async () => {
      if (this.stopping) return;
      // an encrypted message whose key has not come yet waits outside the queue (requeued when it comes)
      const ready = await this.encrypted.ready(row);
      if (ready && !this.stopping) await this.pipeline.process(ready);
    });
  }

  private enqueueInvite(roomId: string): void {
    this.queues.push(roomId, async () => {
      if (!this.stopping) await this.invites.handle(roomId).catch((err: unknown) => this.unlessHalted(err));
    });
  }

  /** Takes in what a limited timeline skipped, oldest first, ahead of the batch's own events (same room queue). */
  private enqueueBackfill(roomId: string, prevBatch: string): void {
    this.queues.push(roomId, async () => {
      if (this.stopping || !this.client) return;
      try {
        await fillGap(
          { client: this.client, events: this.events, intake: this.intake, kv: this.d.kv },
          roomId,
          prevBatch,
          {
            cutoffTs: this.cutoffTs,
            process: (row) => (this.stopping ? undefined : this.pipeline.process(row)),
          },
        );
      } catch (err) {
        this.unlessHalted(err);
      }
    });
  }

  private unlessHalted(err: unknown): void {
    if (err instanceof ClientHaltedError) return;
    this.d.logger.warn({ err: describeError(err) }, 'Matrix room task failed');
  }

  /** The rooms the bot is in, read from the homeserver; null while not connected. */
  async joinedRooms(): Promise<JoinedRoom[] | null> {
    return this.client ? listJoinedRooms(this.client, this.bot.userId) : null;
  }

  /** The /health `matrix` check: ok, or degraded with reasons (start failure, sync errors, sync lag); notes E2EE. */
  async health(): Promise<CheckResult> {
    return syncHealth({
      connected: !!this.client,
      lastStartError: this.lastStartError,
      startedAt: this.startedAt,
      lastSyncAt: this.lastSyncAt,
      lastSyncError: this.lastSyncError,
      now: Date.now(),
      extra: {
        userId: this.bot.userId || null,
        e2ee: this.encrypted.describe(),
        lastEventLagSeconds: this.intake.lastEventLagSeconds ?? null,
        outbox: await this.d.outbox.counts(),
      },
    });
  }

  /** Ends the long-poll and rate-limit waits at once, stops delivery, waits (bounded) for replies in progress, then stops touching the database. */
  async stop(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.stopping = true;
    const client = this.client;
    this.client = undefined;
    client?.stop();
    client?.halt();
    await this.storage?.flush().catch((err: unknown) => {
      this.d.logger.warn({ err: describeError(err) }, 'could not save the sync position');
    });
    await this.delivery?.stop();
    await this.queues.idle(10_000);
    await this.encrypted.close();
    this.d.kv.close();
  }
}
