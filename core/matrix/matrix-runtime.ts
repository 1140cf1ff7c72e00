import type { CheckResult } from '../health/health.ts';
import { EncryptedEvents } from './crypto/encrypted-events.ts';
import { openEncryption } from './crypto/open-encryption.ts';
import { EventLog } from './event-log.ts';
import { FailureBackoff } from './failure-backoff.ts';
import type { BotIdentity } from './inbound-filter.ts';
import type { RawEvent } from './inbound-message.ts';
import { Intake } from './intake.ts';
import { type JoinedRoom, listJoinedRooms } from './joined-rooms.ts';
import { type LoadedMatrixSdk, loadMatrixSdk } from './load-matrix-sdk.ts';
import { createMatrixClient, type QuorraMatrixClient } from './matrix-client.ts';
import { syncHealth } from './matrix-health.ts';
import { accessTokenFor } from './matrix-login.ts';
import { describeError } from './matrix-sender.ts';
import { QuorraStorageProvider } from './matrix-storage.ts';
import { restoreOwnState, syncFilter } from './own-events.ts';
import { RoomQueues } from './room-queue.ts';
import { RoomWork } from './room-work.ts';
import type { RuntimeDeps } from './runtime-deps.ts';
import { runtimeParts } from './runtime-parts.ts';
import { routeSdkLogs } from './sdk-logs.ts';
import type { SyncResponse } from './sync-response.ts';

// its fsync holds the event loop 4-5 ms (measured in the Matrix bench); a crash replays up to 5 s, dropped by event id
const SYNC_TOKEN_WRITE_MS = 5000;

/** One connection's parts with the client they were made for. */
type Connection = ReturnType<typeof runtimeParts>;

/** The bot: one per app, started after plugins and stopped before the database closes. */
export class MatrixRuntime {
  private client?: QuorraMatrixClient;
  private storage?: QuorraStorageProvider;
  private sdk?: LoadedMatrixSdk;
  private readonly bot: BotIdentity = { userId: '' };
  /** What one connection runs on (members, DMs, the pipeline, invites, delivery), made whole in connect(). */
  private conn?: Connection;
  private readonly backoff = new FailureBackoff();
  private readonly events: EventLog;
  private readonly intake: Intake;
  private encrypted: EncryptedEvents;
  private readonly queues: RoomQueues;
  private readonly work: RoomWork;
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
    this.work = new RoomWork(
      this.queues,
      { events: this.events, intake: this.intake, kv: d.kv, logger: d.logger },
      () => ({
        stopping: this.stopping,
        client: this.client,
        pipeline: this.conn?.pipeline,
        invites: this.conn?.invites,
        encrypted: this.encrypted,
        cutoffTs: this.cutoffTs,
      }),
    );
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
    } catch (err) {
      if ((err as { errcode?: string } | null)?.errcode !== 'M_UNKNOWN_TOKEN' || !cfg.password) throw err;
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
      requeue: (row) => this.work.message(row),
    });
    logger[this.encrypted.enabled ? 'info' : 'warn'](`Matrix: ${this.encrypted.describe()}`);
    const conn = runtimeParts(this.d, {
      client,
      bot: this.bot,
      events: this.events,
      backoff: this.backoff,
      encrypted: this.encrypted,
    });
    this.conn = conn;
    this.startedAt = Date.now();
    this.cutoffTs = this.startedAt - cfg.catchUpWindowMinutes * 60_000;
    await this.events.prune(new Date(this.startedAt - 30 * 86_400_000));
    // what the previous run left unfinished, read before the first sync: read after, it would also hold the events
    // that sync just took in (queued, already in a room queue) and they would be answered twice
    const unfinished = await this.events.unfinished();
    this.client = client;
    try {
      await client.start(syncFilter(who.user_id));
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
    for (const roomId of await conn.invites.pending()) this.work.invite(roomId);
    for (const key of await kv.keys('backfill.')) {
      const roomId = key.slice('backfill.'.length);
      this.work.backfill(roomId, (await kv.get(key))!);
    }
    for (const row of unfinished) {
      if (row.originTs >= this.cutoffTs) this.work.message(row);
      else await this.events.mark(row.eventId, 'ignored', { reason: 'too_old' });
    }
    conn.delivery.start();
    // the device ID and key are what an owner compares in Element to verify the bot's session by hand
    logger.info(
      { userId: who.user_id, deviceId: who.device_id, e2ee: this.encrypted.describe() },
      'Matrix runtime started',
    );
  }

  private makeClient(token: string): QuorraMatrixClient {
    const { sdk } = this.sdk!;
    const cfg = this.d.config.matrix;
    // the sync position is written every few seconds, not twice per message (see QuorraStorageProvider)
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

  private async onSync(ok: boolean, err?: unknown, res?: SyncResponse): Promise<void> {
    this.d.metrics.syncs.inc({ outcome: ok ? 'ok' : 'error' });
    if (!ok) {
      if (!this.stopping) this.lastSyncError = { at: Date.now(), message: describeError(err) };
      return;
    }
    this.lastSyncAt = Date.now();
    this.d.metrics.lastSync.set(this.lastSyncAt / 1000);
    restoreOwnState(res, this.bot.userId);
    // keys first: the batch's encrypted events are decrypted as they are taken in
    await this.encrypted.sync(res);
    // a limited timeline skipped events: note the hole before the sync position moves past it, fill it first
    for (const [roomId, room] of Object.entries(res?.rooms?.join ?? {})) {
      const prevBatch = room?.timeline?.limited === true ? room.timeline.prev_batch : undefined;
      if (typeof prevBatch !== 'string' || !this.client) continue;
      await this.d.kv.set(`backfill.${roomId}`, prevBatch);
      this.work.backfill(roomId, prevBatch);
    }
  }

  /** Runs for every event a sync emits, before the SDK's listeners; the sync token is stored only after all of them. */
  private async beforeEmit(name: string, args: unknown[]): Promise<boolean> {
    if (this.stopping) throw new Error('the Matrix runtime is stopping');
    const [roomId, ev] = args as [string, RawEvent];
    const conn = this.conn;
    // events come only from a connected client, whose connection is made before its first sync
    if (!conn) return true;
    if (name === 'room.invite') {
      // only noted here: joining (and any 429 on it) happens in the room's queue, never holding the sync loop
      await conn.invites.note(roomId, ev);
      this.work.invite(roomId);
      return false;
    }
    if (name === 'room.leave') conn.members.forget(roomId);
    if (name === 'room.event') {
      await conn.members.apply(roomId, ev);
      const row = await this.intake.admit(roomId, await this.encrypted.clear(roomId, ev));
      if (row) this.work.message(row);
    }
    return true;
  }

  /** The rooms the bot is in, read from the homeserver; null while not connected. */
  async joinedRooms(): Promise<JoinedRoom[] | null> {
    return this.client ? listJoinedRooms(this.client, this.bot.userId) : null;
  }

  /** The /health `matrix` check: ok, or degraded with reasons (start failure, sync errors, sync lag); notes E2EE. */
  /** The bot's Matrix ID once signed in ('' before). */
  get userId(): string {
    return this.bot.userId;
  }

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

  /** Sends a notice without storing it (a full disk); false when not connected or it could not be sent. */
  sendNow(userId: string, text: string, key: string): Promise<boolean> {
    return this.conn?.delivery.sendNow(userId, text, key) ?? Promise.resolve(false);
  }

  /** Stops taking messages in, at once: the long-poll and rate-limit waits end; queued events wait in the log for the next start. */
  halt(): void {
    clearTimeout(this.retryTimer);
    this.stopping = true;
    const client = this.client;
    this.client = undefined;
    client?.stop();
    client?.halt();
  }

  /** Resolves once the work that was running when intake stopped has finished, or after timeoutMs. */
  settle(timeoutMs: number): Promise<void> {
    return this.queues.idle(timeoutMs);
  }

  /** Halts intake, stops delivery, waits (bounded) for replies in progress, then stops touching the database. */
  async stop(idleMs = 10_000): Promise<void> {
    this.halt();
    await this.storage?.flush().catch((err: unknown) => {
      this.d.logger.warn({ err: describeError(err) }, 'could not save the sync position');
    });
    await this.conn?.delivery.stop();
    await this.queues.idle(idleMs);
    await this.encrypted.close();
    this.d.kv.close();
  }
}
