// MatrixHomeserver: an in-memory Matrix homeserver speaking the Client-Server API over real HTTP, for tests.
import { type CreateRoomBody, createRoom } from './create-room.ts';
import { type FailOptions, Faults, type RateLimitOptions } from './faults.ts';
import { formatEvent } from './room.ts';
import { accountRoutes } from './routes-account.ts';
import { adminRegisterRoutes } from './routes-admin-register.ts';
import { eventRoutes } from './routes-events.ts';
import { keyRoutes } from './routes-keys.ts';
import { roomRoutes } from './routes-rooms.ts';
import { syncRoutes } from './routes-sync.ts';
import { HomeserverHttp, type RecordedRequest, type UnhandledRequest } from './server.ts';
import { HomeserverState } from './state.ts';
import { parseToken } from './stream.ts';
import type { RegisterOptions } from './users.ts';

export type { FailOptions, RateLimitOptions, RequestInfo, RequestMatcher } from './faults.ts';
export type { RecordedRequest, UnhandledRequest } from './server.ts';

/** A user registered from the test, with a ready access token. */
export interface RegisteredUser {
  userId: string;
  accessToken: string;
  deviceId: string;
  password: string;
}

/** Options for starting the server. */
export interface HomeserverOptions {
  /** The server name in user, room and alias ids (default `localhost`). */
  serverName?: string;
  /** Synapse's registration_shared_secret: turns on /_synapse/admin/v1/register (off without one, as on Synapse). */
  registrationSharedSecret?: string;
}

/** The homeserver double: start it, point SDK clients at `url`, drive and inspect it from the test, close it. */
export class MatrixHomeserver {
  /** Base URL such as `http://127.0.0.1:41234` (what clients take as baseUrl / homeserverUrl). */
  url = '';
  readonly state: HomeserverState;
  private readonly faults = new Faults();
  private readonly http: HomeserverHttp;
  private closing?: Promise<void>;

  private constructor(opts: HomeserverOptions) {
    this.state = new HomeserverState(opts.serverName ?? 'localhost');
    this.state.registrationSharedSecret = opts.registrationSharedSecret;
    const routes = [
      ...accountRoutes,
      ...adminRegisterRoutes,
      ...roomRoutes,
      ...eventRoutes,
      ...syncRoutes,
      ...keyRoutes,
    ];
    this.http = new HomeserverHttp(this.state, routes, this.faults);
  }

  /** Starts a homeserver on 127.0.0.1 with an ephemeral port. */
  static async start(opts: HomeserverOptions = {}): Promise<MatrixHomeserver> {
    const hs = new MatrixHomeserver(opts);
    hs.url = await hs.http.listen();
    hs.state.baseUrl = hs.url;
    return hs;
  }

  /** The server name (`localhost` unless set). */
  get serverName(): string {
    return this.state.serverName;
  }

  /** Every request received so far, in order (method, path, query, body, userId, status, errcode). */
  get requests(): RecordedRequest[] {
    return this.http.requests;
  }

  /** Requests no route answered (each got 404 M_UNRECOGNIZED): what a client needed that the double lacks. */
  get unhandled(): UnhandledRequest[] {
    return this.http.unhandled;
  }

  /** Non-Matrix errors handlers threw (bugs in the double); each was answered 500. */
  get crashes(): Error[] {
    return this.http.crashes;
  }

  /** How many /sync long-polls are waiting right now. */
  get pendingSyncs(): number {
    return this.state.stream.waiting;
  }

  /** Makes every waiting /sync long-poll answer now, with whatever it has (often nothing). */
  releaseSyncs(): void {
    this.state.stream.release();
  }

  /** The current sync token (`next_batch` a sync started now would return). */
  get syncToken(): string {
    return `s${this.state.stream.pos}`;
  }

  /** Registers a user directly and returns a session for it (password defaults to `<localpart>-password`). */
  registerUser(localpart: string, opts: RegisterOptions = {}): RegisteredUser {
    const session = this.state.users.register(localpart, opts);
    return { ...session, password: this.state.users.get(session.userId)!.password };
  }

  /** Opens another session (a new device and access token) for a registered user, as POST /login would. */
  loginUser(localpart: string): RegisteredUser {
    const user = this.state.users.get(`@${localpart}:${this.serverName}`);
    const session = this.state.users.login(localpart, user?.password ?? '');
    return { ...session, password: user!.password };
  }

  /** Creates a room as a user, exactly as POST /createRoom would; returns the room id. */
  createRoom(userId: string, body: CreateRoomBody = {}): string {
    return createRoom(this.state.rooms, this.state.users, userId, body);
  }

  /** Invites a user to a room as another user. */
  invite(inviterId: string, roomId: string, inviteeId: string): void {
    this.state.rooms.invite(inviterId, roomId, inviteeId);
  }

  /** Joins a user to a room (by id or alias); returns the room id. */
  join(userId: string, roomIdOrAlias: string): string {
    return this.state.rooms.join(userId, roomIdOrAlias).id;
  }

  /** Sends an event into a room as a user (default type m.room.message); returns the event id. */
  sendAsUser(
    userId: string,
    roomId: string,
    content: Record<string, unknown>,
    type = 'm.room.message',
  ): string {
    return this.state.rooms.send(userId, roomId, type, content).event_id;
  }

  /** Sets a state event as a user; returns the event id. */
  setStateAsUser(
    userId: string,
    roomId: string,
    type: string,
    stateKey: string,
    content: Record<string, unknown>,
  ): string {
    return this.state.rooms.setState(userId, roomId, type, stateKey, content).event_id;
  }

  /** Every event in a room, oldest first, as GET /event would render it. */
  roomEvents(roomId: string): Record<string, any>[] {
    const now = this.state.clock.now();
    return this.state.rooms.get(roomId).events.map((ev) => formatEvent(ev, { now }));
  }

  /** The m.room.message events in a room, oldest first. */
  roomMessages(roomId: string): Record<string, any>[] {
    return this.roomEvents(roomId).filter((ev) => ev.type === 'm.room.message');
  }

  /** A user's current membership in a room (`join`, `invite`, `leave`, `ban`), if any. */
  membership(roomId: string, userId: string): string | undefined {
    return this.state.rooms.get(roomId).membership(userId);
  }

  /** A user's account data (global, or for a room), as stored. */
  accountData(userId: string, type: string, roomId?: string): Record<string, unknown> | undefined {
    return this.state.users.getAccountData(userId, type, roomId);
  }

  /** Makes the next n matching requests (path regex or predicate; default: any) answer 429 M_LIMIT_EXCEEDED. */
  rateLimitNext(n: number, opts: RateLimitOptions): void {
    this.faults.rateLimitNext(n, opts);
  }

  /** Makes the next n matching requests fail (500 M_UNKNOWN unless status/errcode are given). */
  failNext(n: number, opts: FailOptions = {}): void {
    this.faults.failNext(n, opts);
  }

  /** Withholds invites to a user from the long-poll in progress; a later sync delivers them (as real servers do under load). */
  deliverInvitesLate(userId: string): void {
    this.state.quirks.lateInvites.add(userId);
  }

  /** Makes a user's next sync deliver the previous batch (or everything after `fromToken`) again, plus anything new. */
  repeatNextSync(userId: string, fromToken?: string): void {
    this.state.quirks.repeatNext.set(userId, fromToken === undefined ? undefined : parseToken(fromToken));
  }

  /** Caps a user's next sync timeline at n events, so a busier room comes back `limited` with a gap. */
  limitNextSync(userId: string, n: number): void {
    this.state.quirks.nextTimelineLimit.set(userId, n);
  }

  /** Refuses `leave` and `forget` from the invited state (403), as some servers do for some invites. */
  refuseLeaveFromInvite(on = true): void {
    this.state.quirks.refuseLeaveFromInvite = on;
  }

  /** Holds a user's incoming to-device messages (room keys) until releaseToDevice: keys arrive after their messages. */
  holdToDevice(userId: string): void {
    this.state.keys.holdToDevice(userId);
  }

  /** Delivers the to-device messages held for a user. */
  releaseToDevice(userId: string): void {
    this.state.keys.releaseToDevice(userId);
  }

  /** Injected faults not yet used up. */
  get pendingFaults(): number {
    return this.faults.pending;
  }

  /** Ends pending long-polls, clears timers, closes every socket and stops listening (idempotent). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.state.rooms.close();
      await this.http.close();
    })();
    return this.closing;
  }
}
