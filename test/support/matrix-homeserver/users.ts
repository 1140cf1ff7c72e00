// Accounts of the homeserver double: users, access tokens, profiles, account data and sync filters.
import { matrixErrors } from './errors.ts';
import { newAccessToken, newDeviceId } from './ids.ts';
import type { Stream } from './stream.ts';

/** One piece of account data (global when roomId is undefined), with the stream position it changed at. */
export interface AccountDataEntry {
  type: string;
  roomId?: string;
  content: Record<string, unknown>;
  pos: number;
}

/** A registered user. */
export interface User {
  userId: string;
  localpart: string;
  password: string;
  displayName?: string;
  avatarUrl?: string;
  /** Account data by room id (`''` for global), then by type; a sync reads one room's entries, not all of them. */
  accountData: Map<string, Map<string, AccountDataEntry>>;
  filters: Map<string, Record<string, unknown>>;
}

/** An access token and the session it stands for. */
export interface Session {
  accessToken: string;
  userId: string;
  deviceId: string;
}

/** Options for registering a user directly from a test. */
export interface RegisterOptions {
  displayName?: string;
  password?: string;
  avatarUrl?: string;
}

/** The user directory: registration, login, token lookup, account data and filters. */
export class Users {
  private users = new Map<string, User>();
  private sessions = new Map<string, Session>();

  constructor(
    readonly serverName: string,
    private stream: Stream,
  ) {}

  /** Creates a user with a first session; throws M_USER_IN_USE when the localpart is taken. */
  register(localpart: string, opts: RegisterOptions = {}): Session {
    const userId = `@${localpart}:${this.serverName}`;
    if (this.users.has(userId)) throw matrixErrors.userInUse(userId);
    this.users.set(userId, {
      userId,
      localpart,
      password: opts.password ?? `${localpart}-password`,
      displayName: opts.displayName ?? localpart,
      avatarUrl: opts.avatarUrl,
      accountData: new Map(),
      filters: new Map(),
    });
    return this.openSession(userId);
  }

  /** Checks a password and opens a new session (m.login.password); throws 403 M_FORBIDDEN otherwise. */
  login(user: string, password: string, deviceId?: string): Session {
    const userId = user.startsWith('@') ? user : `@${user}:${this.serverName}`;
    const found = this.users.get(userId);
    if (!found || found.password !== password) throw matrixErrors.forbidden('Invalid username or password');
    return this.openSession(userId, deviceId);
  }

  /** Ends a session: its token stops working. */
  logout(accessToken: string): void {
    this.sessions.delete(accessToken);
  }

  /** The session behind an access token, if any. */
  session(accessToken: string): Session | undefined {
    return this.sessions.get(accessToken);
  }

  /** A user by id, if registered. */
  get(userId: string): User | undefined {
    return this.users.get(userId);
  }

  /** A user by id; throws 404 M_NOT_FOUND when unknown. */
  require(userId: string): User {
    const user = this.users.get(userId);
    if (!user) throw matrixErrors.notFound(`Profile was not found: ${userId}`);
    return user;
  }

  /** Stores account data (global, or for one room) and advances the stream. */
  setAccountData(userId: string, type: string, content: Record<string, unknown>, roomId?: string): void {
    const user = this.require(userId);
    const pos = this.stream.advance((u) => u === userId);
    const scope = user.accountData.get(roomId ?? '') ?? new Map<string, AccountDataEntry>();
    user.accountData.set(roomId ?? '', scope);
    scope.set(type, { type, roomId, content, pos });
  }

  /** Reads account data; undefined when never set. */
  getAccountData(userId: string, type: string, roomId?: string): Record<string, unknown> | undefined {
    return this.accountDataOf(userId, roomId)?.get(type)?.content;
  }

  /** Account data entries changed after `since` (all when undefined), global or for one room. */
  accountDataSince(userId: string, since: number | undefined, roomId?: string): AccountDataEntry[] {
    const entries = [...(this.accountDataOf(userId, roomId)?.values() ?? [])];
    return since === undefined ? entries : entries.filter((e) => e.pos > since);
  }

  /** Stores a sync filter and returns its id. */
  addFilter(userId: string, filter: Record<string, unknown>): string {
    const user = this.require(userId);
    const id = String(user.filters.size);
    user.filters.set(id, filter);
    return id;
  }

  /** A stored sync filter, if any. */
  getFilter(userId: string, filterId: string): Record<string, unknown> | undefined {
    return this.users.get(userId)?.filters.get(filterId);
  }

  private accountDataOf(userId: string, roomId?: string): Map<string, AccountDataEntry> | undefined {
    return this.users.get(userId)?.accountData.get(roomId ?? '');
  }

  private openSession(userId: string, deviceId?: string): Session {
    const localpart = userId.slice(1).split(':')[0];
    const session = { accessToken: newAccessToken(localpart), userId, deviceId: deviceId ?? newDeviceId() };
    this.sessions.set(session.accessToken, session);
    return session;
  }
}
