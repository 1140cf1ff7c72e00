// The Matrix runtime's lifecycle: log in, start syncing, take events in durably, answer them per room, deliver the outbox.
import path from 'node:path';
import type { DataSource } from 'typeorm';
import type { UserStore } from '../auth/user-store.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { ConfirmationStore } from '../engine/confirmation-store.ts';
import type { Turns } from '../engine/turns.ts';
import type { CheckResult } from '../health/health.ts';
import type { Logger } from '../logger.ts';
import type { CommandDefinition, FileHandler, ReplyHandler } from '../plugin/contributions.ts';
import type { Registry } from '../registry.ts';
import { ConfirmationMessages } from './confirmation-messages.ts';
import { DirectRooms } from './direct-rooms.ts';
import { EventLog } from './event-log.ts';
import { FileUploads } from './file-uploads.ts';
import { type BotIdentity, firstLook } from './inbound-filter.ts';
import { handleInvite } from './invite-policy.ts';
import { describeE2ee, type LoadedMatrixSdk, loadMatrixSdk } from './load-matrix-sdk.ts';
import { createMatrixClient, type QuorraMatrixClient } from './matrix-client.ts';
import type { MatrixEvent } from './matrix-event.entity.ts';
import { syncHealth } from './matrix-health.ts';
import { accessTokenFor } from './matrix-login.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';
import { describeError, MatrixSender } from './matrix-sender.ts';
import { type MatrixKvStore, QuorraStorageProvider } from './matrix-storage.ts';
import { MessagePipeline } from './message-pipeline.ts';
import type { Outbox } from './outbox.ts';
import { OutboxDelivery } from './outbox-delivery.ts';
import { Refusals } from './refusals.ts';
import { ReplyRoutes } from './reply-routes.ts';
import { RoomMembers } from './room-members.ts';
import { RoomQueues } from './room-queue.ts';
import type { RoomResolver } from './room-resolver.ts';
import type { RoomSessions } from './room-sessions.ts';
import { routeSdkLogs } from './sdk-logs.ts';
import { Undecryptable } from './undecryptable.ts';

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

/** The bot: one per app, started after plugins and stopped before the database closes. */
export class MatrixRuntime {
  private client?: QuorraMatrixClient;
  private sdk?: LoadedMatrixSdk;
  private readonly bot: BotIdentity = { userId: '' };
  private members!: RoomMembers;
  private direct!: DirectRooms;
  private pipeline!: MessagePipeline;
  private delivery?: OutboxDelivery;
  private readonly events: EventLog;
  private readonly queues: RoomQueues;
  private stopping = false;
  private cutoffTs = 0;
  private startedAt = 0;
  private lastSyncAt = 0;
  private lastSyncError?: { at: number; message: string };
  private lastEventLagSeconds?: number;
  private lastStartError?: string;
  private retryTimer?: NodeJS.Timeout;
  private startAttempts = 0;

  constructor(private readonly d: RuntimeDeps) {
    this.events = new EventLog(d.db);
    this.queues = new RoomQueues(d.logger);
  }

  /** Connects and starts syncing; on failure keeps retrying in the background (health says why). */
  async start(): Promise<void> {
    this.stopping = false;
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
    logger[this.sdk.e2ee ? 'info' : 'warn'](`Matrix: ${describeE2ee(this.sdk)}`);
    let token = await accessTokenFor(cfg, kv, sdk, logger);
    let client = this.makeClient(token);
    let who: { user_id: string };
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
    this.wire(client);
    this.startedAt = Date.now();
    this.cutoffTs = this.startedAt - cfg.catchUpWindowMinutes * 60_000;
    await this.events.prune(new Date(this.startedAt - 30 * 86_400_000));
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
    for (const row of await this.events.unfinished()) {
      if (row.originTs >= this.cutoffTs) this.enqueue(row);
      else await this.events.mark(row.eventId, 'ignored', { reason: 'too_old' });
    }
    this.delivery?.start();
    // the device ID and key are what an owner compares in Element to verify the bot's session by hand
    const crypto = client.crypto?.isReady ? client.crypto : undefined;
    logger.info(
      { userId: who.user_id, deviceId: crypto?.clientDeviceId, deviceKey: crypto?.clientDeviceEd25519 },
      'Matrix runtime started',
    );
  }

  private makeClient(token: string): QuorraMatrixClient {
    const { sdk, e2ee } = this.sdk!;
    const cfg = this.d.config.matrix;
    const cryptoStore = e2ee
      ? new sdk.RustSdkCryptoStorageProvider(
          path.resolve(this.d.config.dataDir, 'matrix', 'crypto'),
          0 as never,
        )
      : undefined;
    return createMatrixClient(sdk, {
      homeserverUrl: cfg.homeserverUrl!,
      accessToken: token,
      storage: new QuorraStorageProvider(this.d.kv),
      cryptoStore,
      hooks: {
        onRateLimited: (endpoint, waitMs) => {
          this.d.metrics.rateLimited.inc({ endpoint });
          this.d.logger.info({ endpoint, waitMs }, 'homeserver rate limit; waiting');
        },
        onSync: (ok, err) => this.onSync(ok, err),
        beforeEmit: (name, args) => this.beforeEmit(name, args),
      },
    });
  }

  private wire(client: QuorraMatrixClient): void {
    const d = this.d;
    const cfg = d.config.matrix;
    this.members = new RoomMembers(client, this.bot.userId);
    this.direct = new DirectRooms(client, d.kv, this.members);
    const sender = new MatrixSender(client, d.metrics, d.logger, {
      retries: cfg.sendRetries,
      baseMs: cfg.retryBaseMs,
    });
    const undecryptable = new Undecryptable({
      kv: d.kv,
      sender,
      direct: this.direct,
      users: d.users,
      metrics: d.metrics,
    });
    this.pipeline = new MessagePipeline({
      bot: this.bot,
      members: this.members,
      sender,
      events: this.events,
      users: d.users,
      resolver: d.resolver,
      roomSessions: d.roomSessions,
      confirmationMessages: new ConfirmationMessages(d.db),
      confirmations: d.confirmations,
      refusals: new Refusals(d.db),
      replyRoutes: new ReplyRoutes({
        outbox: d.outbox,
        users: d.users,
        replies: d.replies,
        logger: d.logger,
      }),
      turns: d.turns,
      commands: d.commands,
      files: new FileUploads(d.files, async (mxc) => (await client.downloadContent(mxc)).data),
      undecryptable,
      metrics: d.metrics,
      logger: d.logger,
    });
    this.delivery = new OutboxDelivery({
      outbox: d.outbox,
      users: d.users,
      direct: this.direct,
      sender,
      metrics: d.metrics,
      logger: d.logger,
      policy: { batchMs: cfg.outboxBatchSeconds * 1000, retryBaseMs: cfg.retryBaseMs },
    });
  }

  private onSync(ok: boolean, err?: unknown): void {
    this.d.metrics.syncs.inc({ outcome: ok ? 'ok' : 'error' });
    if (ok) {
      this.lastSyncAt = Date.now();
      this.d.metrics.lastSync.set(this.lastSyncAt / 1000);
    } else if (!this.stopping) {
      this.lastSyncError = { at: Date.now(), message: describeError(err) };
    }
  }

  /** Runs for every event a sync emits, before the SDK's listeners; the sync token is stored only after all of them. */
  private async beforeEmit(name: string, args: any[]): Promise<boolean> {
    if (this.stopping) throw new Error('the Matrix runtime is stopping');
    const [roomId, ev] = args as [string, Record<string, any>];
    if (name === 'room.invite')
      return handleInvite(
        { ...this.d, client: this.client!, direct: this.direct, members: this.members },
        roomId,
        ev,
      );
    if (name === 'room.leave') this.members.forget(roomId);
    if (name === 'room.event') await this.intake(roomId, ev);
    return true;
  }

  private async intake(roomId: string, ev: Record<string, any>): Promise<void> {
    this.members.apply(roomId, ev);
    if (ev.type !== 'm.room.message' && ev.type !== 'm.room.encrypted') return;
    const { metrics } = this.d;
    metrics.received.inc({ kind: ev.type === 'm.room.encrypted' ? 'encrypted' : 'message' });
    if (typeof ev.origin_server_ts === 'number') {
      this.lastEventLagSeconds = Math.max(0, Date.now() - ev.origin_server_ts) / 1000;
      metrics.syncLag.observe(this.lastEventLagSeconds);
    }
    const look = firstLook(ev, { botUserId: this.bot.userId, cutoffTs: this.cutoffTs });
    if ('ignore' in look) return void metrics.ignored.inc({ reason: look.ignore });
    const row = await this.events.take(roomId, ev);
    if (!row) return void metrics.ignored.inc({ reason: 'duplicate' });
    this.enqueue(row);
  }

  /** Queues an event for its room; once stopping, queued events wait in the log for the next start. */
  private enqueue(row: MatrixEvent): void {
    this.queues.push(row.roomId, async () => {
      if (!this.stopping) await this.pipeline.process(row);
    });
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
        e2ee: this.sdk ? describeE2ee(this.sdk) : undefined,
        lastEventLagSeconds: this.lastEventLagSeconds ?? null,
        outbox: await this.d.outbox.counts(),
      },
    });
  }

  /** Stops syncing and delivery, waits (bounded) for replies in progress, then stops touching the database. */
  async stop(): Promise<void> {
    clearTimeout(this.retryTimer);
    this.stopping = true;
    const client = this.client;
    this.client = undefined;
    client?.stop();
    await this.delivery?.stop();
    await this.queues.idle(10_000);
    client?.halt();
    this.d.kv.close();
  }
}
