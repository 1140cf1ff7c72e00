// Test support for the Matrix runtime: the homeserver double, the scripted model, the booted app and household members.
import type { MatrixClient as JsClient } from 'matrix-js-sdk';
import { deepMerge } from '../../../core/config/load-config.ts';
import type { Logger } from '../../../core/logger.ts';
import { type BootedApp, bootApp, metricsHeaders, tempDir } from '../../support/boot-app.ts';
import { addUser, type TestUser } from '../../support/household.ts';
import { MatrixHomeserver, type RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import {
  silenceMatrixSdkLogs,
  startMemberClient,
  waitUntil,
} from '../../support/matrix-homeserver/test-clients.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

/** One Matrix test setup: a homeserver, the model, the bot's account, household members, and the app (re)bootable. */
export class MatrixWorld {
  hs!: MatrixHomeserver;
  model!: ScriptedModelServer;
  app!: BootedApp;
  bot!: RegisteredUser;
  readonly dataDir = tempDir('quorra-matrix-');
  private readonly clients: JsClient[] = [];

  constructor(
    private readonly opts: {
      config?: Record<string, unknown>;
      pluginRoots?: string[];
      e2ee?: boolean;
      logger?: Logger;
      /** Synapse's registration_shared_secret on the double (turns on its admin registration API). */
      registrationSharedSecret?: string;
    } = {},
  ) {}

  /** Starts the homeserver and model, registers the bot account, and boots the app (with Matrix unless told not to). */
  async start(opts: { matrix?: boolean } = {}): Promise<this> {
    silenceMatrixSdkLogs();
    this.hs = await MatrixHomeserver.start({ registrationSharedSecret: this.opts.registrationSharedSecret });
    this.model = await ScriptedModelServer.start();
    this.bot = this.hs.registerUser('quorra', { displayName: 'Quorra' });
    if (opts.matrix === false) await this.bootWithoutMatrix();
    else await this.boot();
    return this;
  }

  /** Boots the app on the world's data dir with Matrix not configured. */
  async bootWithoutMatrix(): Promise<BootedApp> {
    this.app = await bootApp({
      model: this.model,
      dataDir: this.dataDir,
      pluginRoots: this.opts.pluginRoots ?? [],
      config: this.opts.config ?? {},
    });
    return this.app;
  }

  /** Boots the app on the world's data dir (again after a stop). */
  async boot(extra: Record<string, unknown> = {}): Promise<BootedApp> {
    const matrix = {
      homeserverUrl: this.hs.url,
      accessToken: this.bot.accessToken,
      retryBaseMs: 10,
      sendRetries: 2,
      outboxBatchSeconds: 0.2,
      // the bot encrypts what it opens when E2EE is on; worlds without crypto members read its messages in clear
      e2ee: this.opts.e2ee ?? false,
      keyWaitSeconds: 10,
      // a turn slower than a second streams (a partial message, then edits): whether it does depends on how loaded
      // the machine and the database are, and tests that read "the bot's next message" as the answer would then
      // read a partial one or a late edit. Streaming is off unless a test turns it on (it is tested on its own).
      streamEdits: false,
    };
    this.app = await bootApp({
      model: this.model,
      dataDir: this.dataDir,
      pluginRoots: this.opts.pluginRoots ?? [],
      config: deepMerge(deepMerge({ matrix }, this.opts.config ?? {}), extra),
      ...(this.opts.logger ? { logger: this.opts.logger } : {}),
    });
    return this.app;
  }

  /** Whether the bot is parked in a /sync long-poll right now. */
  botIdle(): boolean {
    return this.hs.requests.some(
      (r) => r.path.endsWith('/sync') && r.userId === this.bot.userId && r.status === undefined,
    );
  }

  /** Stops the app cleanly: waits for the bot to idle, stops it, then ends its last long-poll. */
  async stopBot(): Promise<void> {
    await waitUntil(() => this.botIdle(), 10000, 'the bot to idle in a long-poll');
    await this.app.stop();
    this.hs.releaseSyncs();
    await waitUntil(() => !this.botIdle(), 10000, 'the old long-poll to end');
  }

  /** Registers a Matrix account and (unless unmapped) a household user mapped to it. */
  async member(
    localpart: string,
    displayName: string,
    role: 'owner' | 'member' | 'unmapped' = 'member',
  ): Promise<{ mx: RegisteredUser; user?: TestUser }> {
    const mx = this.hs.registerUser(localpart, { displayName });
    if (role === 'unmapped') return { mx };
    return { mx, user: await addUser(this.app, displayName, role, { matrix: [mx.userId] }) };
  }

  /** A synced matrix-js-sdk client for a member. */
  async client(user: RegisteredUser): Promise<JsClient> {
    const c = await startMemberClient(this.hs.url, user);
    this.clients.push(c);
    return c;
  }

  /** A DM from a member to the bot, created like Element does; resolves once the bot has joined. */
  async dm(user: RegisteredUser): Promise<string> {
    const roomId = this.hs.createRoom(user.userId, {
      is_direct: true,
      invite: [this.bot.userId],
      preset: 'trusted_private_chat',
    });
    await waitUntil(
      () => this.hs.membership(roomId, this.bot.userId) === 'join',
      10000,
      'the bot to join the DM',
    );
    return roomId;
  }

  /** A group room with the given members and the bot (invited by the first member). */
  async group(owner: RegisteredUser, others: RegisteredUser[], name = 'Kitchen'): Promise<string> {
    const roomId = this.hs.createRoom(owner.userId, {
      name,
      invite: [this.bot.userId, ...others.map((o) => o.userId)],
    });
    for (const o of others) this.hs.join(o.userId, roomId);
    await waitUntil(
      () => this.hs.membership(roomId, this.bot.userId) === 'join',
      10000,
      'the bot to join the room',
    );
    return roomId;
  }

  /** The bot's m.room.message events in a room, oldest first. */
  botMessages(roomId: string): Record<string, any>[] {
    return this.hs.roomMessages(roomId).filter((m) => m.sender === this.bot.userId);
  }

  /** Waits until the bot has sent n messages in a room and returns them. */
  async botReplies(roomId: string, n: number, what = `${n} bot message(s)`): Promise<Record<string, any>[]> {
    await waitUntil(() => this.botMessages(roomId).length >= n, 10000, what);
    return this.botMessages(roomId);
  }

  /** Waits until the app has no Matrix work in flight (every taken-in event finished). */
  async settled(): Promise<void> {
    await waitUntil(
      async () => {
        const rows = await this.app.quorra.db.query(
          "SELECT COUNT(*) AS n FROM matrix_events WHERE status = 'queued'",
        );
        return Number(rows[0].n) === 0;
      },
      10000,
      'the bot to finish its work',
    );
  }

  /** Waits until the bot has finished an event (answered, ignored, refused or failed) and returns its log row. */
  async finished(eventId: string): Promise<{ status: string; reason: string | null }> {
    return waitUntil(
      async () => {
        const [row] = await this.app.quorra.db.query(
          'SELECT status, reason FROM matrix_events WHERE event_id = ?',
          [eventId],
        );
        return row && row.status !== 'queued' && row;
      },
      10000,
      `event ${eventId} to be finished`,
    );
  }

  /** The app's /metrics text. */
  async metricsText(): Promise<string> {
    return (await fetch(`${this.app.url}/metrics`, { headers: metricsHeaders })).text();
  }

  /** Stops everything and removes the data dir. */
  async close(): Promise<void> {
    for (const c of this.clients.splice(0)) c.stopClient();
    await this.app?.stop({ clean: true });
    await this.hs?.close();
    await this.model?.close();
    if (this.hs?.crashes.length)
      throw new Error(`the homeserver double crashed: ${this.hs.crashes[0].message}`);
    const unhandled = this.hs?.unhandled.map((u) => `${u.method} ${u.path}`) ?? [];
    if (unhandled.length)
      throw new Error(`requests the homeserver double has no route for: ${unhandled.join(', ')}`);
  }
}

/** The value of a metric sample (0 when absent), by name and exact label text. */
export function metricValue(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}
