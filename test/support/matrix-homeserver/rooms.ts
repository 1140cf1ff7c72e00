// Room actions of the homeserver double: append events, send with transaction ids, set state, join/invite/leave, typing, receipts.
import { MatrixApiError, matrixErrors } from './errors.ts';
import { type MonotonicClock, newEventId } from './ids.ts';
import { Room, type StoredEvent } from './room.ts';
import type { Stream } from './stream.ts';
import type { Session, Users } from './users.ts';

/** What a new event carries before the server stamps it. */
export interface NewEvent {
  type: string;
  sender: string;
  content: Record<string, unknown>;
  state_key?: string;
}

/** Every room on the server, and the actions that change them. */
export class Rooms {
  private rooms = new Map<string, Room>();
  /** Per user, every room they have (or had) a membership in, in creation order: the only rooms a sync of theirs reads. */
  private byUser = new Map<string, Room[]>();
  /** Each room's place in creation order, which `all()` and a user's rooms both keep. */
  private order = new Map<Room, number>();
  private aliases = new Map<string, string>();
  private txns = new Map<string, string>();

  constructor(
    readonly serverName: string,
    private users: Users,
    private stream: Stream,
    private clock: MonotonicClock,
  ) {}

  /** Registers a new, empty room. */
  add(room: Room): void {
    this.order.set(room, this.rooms.size);
    this.rooms.set(room.id, room);
  }

  /** Every room. */
  all(): Room[] {
    return [...this.rooms.values()];
  }

  /** The rooms a user has or had any membership in (join, invite, leave, ban), in creation order. */
  of(userId: string): readonly Room[] {
    return this.byUser.get(userId) ?? [];
  }

  /** A room by id; throws 404 M_NOT_FOUND when unknown. */
  get(roomId: string): Room {
    const room = this.rooms.get(roomId);
    if (!room) throw matrixErrors.notFound(`Unknown room ${roomId}`);
    return room;
  }

  /** Points an alias (`#name:server`) at a room; throws 400 M_ROOM_IN_USE when taken. */
  addAlias(alias: string, roomId: string): void {
    if (this.aliases.has(alias)) throw new MatrixApiError(400, 'M_ROOM_IN_USE', 'Room alias already taken');
    this.aliases.set(alias, roomId);
  }

  /** Resolves a room id or alias to a room. */
  resolve(idOrAlias: string): Room {
    if (!idOrAlias.startsWith('#')) return this.get(idOrAlias);
    const roomId = this.aliases.get(idOrAlias);
    if (!roomId) throw matrixErrors.notFound(`Room alias ${idOrAlias} not found`);
    return this.get(roomId);
  }

  /** Stamps an event (id, timestamp, stream position, prev_content) and appends it to the room. */
  append(room: Room, ev: NewEvent, txn?: StoredEvent['txn']): StoredEvent {
    const unsigned: Record<string, unknown> = {};
    if (ev.state_key !== undefined) {
      const prev = room.getState(ev.type, ev.state_key);
      if (prev) {
        unsigned.prev_content = prev.content;
        unsigned.prev_sender = prev.sender;
        unsigned.replaces_state = prev.event_id;
      }
    }
    const stored: StoredEvent = {
      ...ev,
      event_id: newEventId(),
      room_id: room.id,
      origin_server_ts: this.clock.now(),
      unsigned,
      pos: 0,
      txn,
    };
    // the room's members (and those it had), and the one a membership event is about (an invitee)
    stored.pos = this.stream.advance((userId) => userId === ev.state_key || this.isOf(userId, room));
    room.append(stored);
    if (ev.type === 'm.room.member' && ev.state_key !== undefined) this.noteMember(ev.state_key, room);
    return stored;
  }

  /** Sends a message-like event; the same (session, path) transaction answers the first event id again. */
  send(
    session: Session | string,
    roomId: string,
    type: string,
    content: Record<string, unknown>,
    txnId?: string,
  ): StoredEvent {
    const userId = typeof session === 'string' ? session : session.userId;
    const room = this.get(roomId);
    const key =
      typeof session === 'string' || !txnId
        ? undefined
        : `${session.accessToken}\u0000${roomId}\u0000${type}\u0000${txnId}`;
    const seen = key ? this.txns.get(key) : undefined;
    if (seen) return room.event(seen)!;
    this.assertMayPost(room, userId, type, false);
    const txn =
      typeof session !== 'string' && txnId ? { accessToken: session.accessToken, txnId } : undefined;
    const ev = this.append(room, { type, sender: userId, content }, txn);
    if (key) this.txns.set(key, ev.event_id);
    return ev;
  }

  /** Sets a state event; identical content from the same sender answers the existing event. */
  setState(
    userId: string,
    roomId: string,
    type: string,
    stateKey: string,
    content: Record<string, unknown>,
  ): StoredEvent {
    const room = this.get(roomId);
    if (type === 'm.room.member') return this.changeMembership(room, userId, stateKey, content);
    this.assertMayPost(room, userId, type, true);
    const current = room.getState(type, stateKey);
    if (current && current.sender === userId && JSON.stringify(current.content) === JSON.stringify(content))
      return current;
    return this.append(room, { type, sender: userId, content, state_key: stateKey });
  }

  /** Invites a user; the inviter must be joined with enough power and the invitee not already in. */
  invite(
    inviterId: string,
    roomId: string,
    inviteeId: string,
    extra: Record<string, unknown> = {},
  ): StoredEvent {
    const room = this.get(roomId);
    this.users.require(inviteeId);
    if (room.membership(inviterId) !== 'join')
      throw matrixErrors.forbidden(`${inviterId} is not in the room`);
    if (room.powerLevel(inviterId) < room.actionLevel('invite'))
      throw matrixErrors.forbidden('You do not have permission to invite users');
    const current = room.membership(inviteeId);
    if (current === 'join') throw matrixErrors.forbidden(`${inviteeId} is already in the room.`);
    if (current === 'ban') throw matrixErrors.forbidden(`${inviteeId} is banned from the room`);
    const content = { ...extra, membership: 'invite', ...this.profileOf(inviteeId) };
    return this.append(room, { type: 'm.room.member', sender: inviterId, state_key: inviteeId, content });
  }

  /** Joins a room by id or alias; needs an invite unless the join rule is public or the user is already in. */
  join(userId: string, idOrAlias: string): Room {
    const room = this.resolve(idOrAlias);
    const current = room.membership(userId);
    if (current === 'join') return room;
    const joinRule = room.getState('m.room.join_rules')?.content.join_rule;
    if (current === 'ban') throw matrixErrors.forbidden('You are banned from this room');
    if (current !== 'invite' && joinRule !== 'public')
      throw matrixErrors.forbidden('You are not invited to this room.');
    const content = { membership: 'join', ...this.profileOf(userId) };
    this.append(room, { type: 'm.room.member', sender: userId, state_key: userId, content });
    return room;
  }

  /** Leaves a room, or rejects an invite. */
  leave(userId: string, roomId: string): void {
    const room = this.get(roomId);
    const current = room.membership(userId);
    if (current !== 'join' && current !== 'invite')
      throw matrixErrors.forbidden(`${userId} is not in the room`);
    this.setTypingState(room, userId, false);
    this.append(room, {
      type: 'm.room.member',
      sender: userId,
      state_key: userId,
      content: { membership: 'leave' },
    });
  }

  /** Starts or stops a user's typing notification; it expires after timeoutMs. */
  setTyping(userId: string, roomId: string, typing: boolean, timeoutMs = 30000): void {
    const room = this.get(roomId);
    if (room.membership(userId) !== 'join') throw matrixErrors.forbidden('User not in room');
    this.setTypingState(room, userId, typing, timeoutMs);
  }

  /** Records a read receipt for an event in the room. */
  addReceipt(userId: string, roomId: string, receiptType: string, eventId: string, threadId?: string): void {
    const room = this.get(roomId);
    if (room.membership(userId) !== 'join') throw matrixErrors.forbidden('User not in room');
    if (!room.event(eventId)) throw matrixErrors.notFound(`Unknown event ${eventId}`);
    const pos = this.stream.advance((u) => this.isOf(u, room));
    room.receipts.push({ pos, eventId, receiptType, userId, ts: this.clock.now(), threadId });
  }

  /** Rewrites the user's member event in every joined room after a profile change, as Synapse does. */
  refreshProfile(userId: string): void {
    for (const room of [...this.of(userId)]) {
      if (room.membership(userId) !== 'join') continue;
      const content = { membership: 'join', ...this.profileOf(userId) };
      this.append(room, { type: 'm.room.member', sender: userId, state_key: userId, content });
    }
  }

  /** Clears every typing timer. */
  close(): void {
    for (const room of this.all()) for (const t of room.typing.values()) clearTimeout(t);
  }

  private isOf(userId: string, room: Room): boolean {
    return this.of(userId).includes(room);
  }

  private noteMember(userId: string, room: Room): void {
    const rooms = this.byUser.get(userId) ?? [];
    this.byUser.set(userId, rooms);
    if (rooms.includes(room)) return;
    const at = this.order.get(room)!;
    const i = rooms.findIndex((r) => this.order.get(r)! > at);
    rooms.splice(i < 0 ? rooms.length : i, 0, room);
  }

  private changeMembership(
    room: Room,
    userId: string,
    target: string,
    content: Record<string, unknown>,
  ): StoredEvent {
    const membership = content.membership;
    if (target === userId && membership === 'join') {
      this.join(userId, room.id);
      return room.getState('m.room.member', userId)!;
    }
    if (target === userId && membership === 'leave') {
      this.leave(userId, room.id);
      return room.getState('m.room.member', userId)!;
    }
    if (membership === 'invite') return this.invite(userId, room.id, target, content);
    throw matrixErrors.forbidden(
      `Membership change to ${String(membership)} is not supported by the test double`,
    );
  }

  private setTypingState(room: Room, userId: string, typing: boolean, timeoutMs = 30000): void {
    const had = room.typing.has(userId);
    clearTimeout(room.typing.get(userId));
    room.typing.delete(userId);
    if (typing) {
      const timer = setTimeout(() => this.setTypingState(room, userId, false), timeoutMs);
      timer.unref();
      room.typing.set(userId, timer);
    }
    if (typing !== had) room.typingPos = this.stream.advance((u) => this.isOf(u, room));
  }

  private assertMayPost(room: Room, userId: string, type: string, isState: boolean): void {
    if (room.membership(userId) !== 'join')
      throw matrixErrors.forbidden(`User ${userId} not in room ${room.id}`);
    if (room.powerLevel(userId) < room.requiredLevel(type, isState))
      throw matrixErrors.forbidden(`You don't have permission to post ${type} to this room`);
  }

  private profileOf(userId: string): Record<string, unknown> {
    const user = this.users.get(userId);
    const out: Record<string, unknown> = {};
    if (user?.displayName) out.displayname = user.displayName;
    if (user?.avatarUrl) out.avatar_url = user.avatarUrl;
    return out;
  }
}
