// One room of the homeserver double: its ordered events, current state, typing users and read receipts.
import { firstAfter, lastAtOrBefore } from './positions.ts';

/** An event as stored: the client-visible fields plus the stream position and the sending transaction. */
export interface StoredEvent {
  event_id: string;
  type: string;
  sender: string;
  room_id: string;
  origin_server_ts: number;
  content: Record<string, unknown>;
  state_key?: string;
  unsigned: Record<string, unknown>;
  pos: number;
  txn?: { accessToken: string; txnId: string };
}

/** A read receipt, with the stream position it arrived at. */
export interface Receipt {
  pos: number;
  eventId: string;
  receiptType: string;
  userId: string;
  ts: number;
  threadId?: string;
}

/** The key of a piece of state: event type and state key. */
export function stateKeyOf(type: string, stateKey: string): string {
  return `${type}\u0000${stateKey}`;
}

/** Renders a stored event for a client: adds `unsigned.age`, and `transaction_id` for the session that sent it. */
export function formatEvent(
  ev: StoredEvent,
  opts: { now: number; accessToken?: string; withRoomId?: boolean },
): Record<string, unknown> {
  const { pos: _pos, txn, room_id, unsigned, ...rest } = ev;
  const out: Record<string, unknown> = {
    ...rest,
    unsigned: { ...unsigned, age: opts.now - ev.origin_server_ts },
  };
  if (opts.withRoomId !== false) out.room_id = room_id;
  if (txn && opts.accessToken === txn.accessToken)
    (out.unsigned as Record<string, unknown>).transaction_id = txn.txnId;
  return out;
}

/** Renders a stripped state event (type, state_key, content, sender), as used in invite_state. */
export function stripEvent(ev: StoredEvent): Record<string, unknown> {
  return { type: ev.type, state_key: ev.state_key, content: ev.content, sender: ev.sender };
}

/**
 * A room: an append-only event list with the state it implies. As on a real homeserver, what a request asks of it
 * (state or a membership at a position, an event by id, events after a token) is looked up in indexes kept as
 * events arrive, never by walking the room's history, so its cost does not grow with the room's age.
 */
export class Room {
  readonly events: StoredEvent[] = [];
  readonly state = new Map<string, StoredEvent>();
  readonly typing = new Map<string, NodeJS.Timeout>();
  readonly receipts: Receipt[] = [];
  typingPos = 0;
  /** Every event of each piece of state, oldest first, keys in the order they first appeared (as `state`). */
  private readonly stateHistory = new Map<string, StoredEvent[]>();
  private readonly byId = new Map<string, StoredEvent>();
  /** Events that relate to an event (`m.relates_to` with a `rel_type`), by the related event's id, oldest first. */
  private readonly relatedTo = new Map<string, StoredEvent[]>();

  constructor(
    readonly id: string,
    readonly version: string,
  ) {}

  /** Appends an event, updating current state when it is a state event. */
  append(ev: StoredEvent): void {
    this.events.push(ev);
    this.byId.set(ev.event_id, ev);
    if (ev.state_key !== undefined) {
      const key = stateKeyOf(ev.type, ev.state_key);
      this.state.set(key, ev);
      const history = this.stateHistory.get(key);
      if (history) history.push(ev);
      else this.stateHistory.set(key, [ev]);
    }
    const rel = ev.content['m.relates_to'] as Record<string, unknown> | undefined;
    if (rel && typeof rel.event_id === 'string' && typeof rel.rel_type === 'string') {
      const related = this.relatedTo.get(rel.event_id);
      if (related) related.push(ev);
      else this.relatedTo.set(rel.event_id, [ev]);
    }
  }

  /** The current state event of a type and key, if any. */
  getState(type: string, stateKey = ''): StoredEvent | undefined {
    return this.state.get(stateKeyOf(type, stateKey));
  }

  /** The user's current membership (`join`, `invite`, `leave`, `ban`), if they ever had one. */
  membership(userId: string): string | undefined {
    return this.getState('m.room.member', userId)?.content.membership as string | undefined;
  }

  /** The user's membership as of a stream position. */
  membershipAt(userId: string, pos: number): string | undefined {
    return this.memberEventAt(userId, pos)?.content.membership as string | undefined;
  }

  /** The user's m.room.member event in force at a stream position, if any. */
  memberEventAt(userId: string, pos: number): StoredEvent | undefined {
    const history = this.stateHistory.get(stateKeyOf('m.room.member', userId));
    return history && lastAtOrBefore(history, pos);
  }

  /** The room state as of a stream position (inclusive), in the order its keys first appeared. */
  stateAt(pos: number): Map<string, StoredEvent> {
    const state = new Map<string, StoredEvent>();
    for (const [key, history] of this.stateHistory) {
      const ev =
        history[history.length - 1].pos <= pos ? history[history.length - 1] : lastAtOrBefore(history, pos);
      if (ev) state.set(key, ev);
    }
    return state;
  }

  /** The index in `events` of the first event after a stream position (`events.length` when there is none). */
  indexAfter(pos: number): number {
    return firstAfter(this.events, pos);
  }

  /** Current m.room.member events. */
  memberEvents(): StoredEvent[] {
    return [...this.state.values()].filter((ev) => ev.type === 'm.room.member');
  }

  /** User ids whose current membership is the given one. */
  usersWith(membership: string): string[] {
    return this.memberEvents()
      .filter((ev) => ev.content.membership === membership)
      .map((ev) => ev.state_key!);
  }

  /** The user's power level from m.room.power_levels. */
  powerLevel(userId: string): number {
    const pl = this.getState('m.room.power_levels')?.content ?? {};
    const users = (pl.users ?? {}) as Record<string, number>;
    return users[userId] ?? (pl.users_default as number | undefined) ?? 0;
  }

  /** The power level needed to send an event of this type (state or not). */
  requiredLevel(type: string, isState: boolean): number {
    const pl = this.getState('m.room.power_levels')?.content;
    if (!pl) return 0;
    const events = (pl.events ?? {}) as Record<string, number>;
    if (events[type] !== undefined) return events[type];
    return isState ? ((pl.state_default as number) ?? 50) : ((pl.events_default as number) ?? 0);
  }

  /** The power level a membership action (invite, kick, ban) needs. */
  actionLevel(action: 'invite' | 'kick' | 'ban'): number {
    const pl = this.getState('m.room.power_levels')?.content ?? {};
    return (pl[action] as number | undefined) ?? (action === 'invite' ? 0 : 50);
  }

  /** An event by id, if it is in this room. */
  event(eventId: string): StoredEvent | undefined {
    return this.byId.get(eventId);
  }

  /** Events that relate to an event with some `rel_type` (threads, edits, reactions; not plain replies), oldest first. */
  relationsOf(eventId: string): readonly StoredEvent[] {
    return this.relatedTo.get(eventId) ?? [];
  }
}
