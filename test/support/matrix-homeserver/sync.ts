// GET /sync for the homeserver double: joined/invited/left rooms and account data since a token, as the spec shapes them.
import { passesTimelineFilter, type TimelineFilter } from './event-filter.ts';
import type { KeyStore } from './keys.ts';
import { between } from './positions.ts';
import { formatEvent, type Room, type StoredEvent, stripEvent } from './room.ts';
import { toToken } from './stream.ts';
import type { Session, Users } from './users.ts';

/** What one sync computation needs to know. */
export interface SyncParams {
  session: Session;
  since?: number;
  upto: number;
  fullState: boolean;
  timelineLimit: number;
  /** The sync filter's room timeline part (senders, types); events it keeps out are not new to the client. */
  timelineFilter?: TimelineFilter;
  includeLeave: boolean;
  now: number;
  /** Late invites: those after `visibleUpTo` are withheld (noted in `withheld`) and delivered by a later sync. */
  invites?: { visibleUpTo?: number; withheld: Set<string> };
  /** Keys and to-device messages (end-to-end encryption). */
  keys?: KeyStore;
}

/** A sync response plus whether it carries anything new (empty answers keep a long-poll waiting). */
export interface SyncResult {
  body: Record<string, unknown>;
  empty: boolean;
}

const inviteStateTypes = new Set([
  'm.room.create',
  'm.room.join_rules',
  'm.room.name',
  'm.room.avatar',
  'm.room.canonical_alias',
  'm.room.encryption',
  'm.room.topic',
]);

/**
 * Builds the /sync answer for a session between `since` (exclusive; undefined = initial) and `upto`, from the rooms
 * the user has or had a membership in. Like a real homeserver's, its cost follows what is new and the rooms' state,
 * not their history: events after `since` are found by position, state and membership at a position from the
 * room's indexes, and a timeline is read back from its end only as far as its limit.
 */
export function buildSync(rooms: readonly Room[], users: Users, p: SyncParams): SyncResult {
  const { userId, accessToken } = p.session;
  const fmt = (ev: StoredEvent) => formatEvent(ev, { now: p.now, accessToken, withRoomId: false });
  const isNew = (pos: number) => p.since === undefined || pos > p.since;
  const passes = (ev: StoredEvent) => passesTimelineFilter(p.timelineFilter, ev);
  // as many events as `slice(-limit)` keeps: a fraction below 1 keeps them all
  const keep = Math.trunc(p.timelineLimit) || Number.POSITIVE_INFINITY;
  const join: Record<string, unknown> = {};
  const invite: Record<string, unknown> = {};
  const leave: Record<string, unknown> = {};
  const joinedRooms: Room[] = [];

  for (const room of rooms) {
    const now = room.membershipAt(userId, p.upto);
    const before = p.since === undefined ? undefined : room.membershipAt(userId, p.since);
    if (now === 'join') {
      joinedRooms.push(room);
      const fresh = before !== 'join';
      const from = fresh || p.since === undefined ? 0 : room.indexAfter(p.since);
      const { timeline, limited } = lastPassing(room.events, from, room.indexAfter(p.upto), keep, passes);
      const firstPos = timeline[0]?.pos ?? p.upto + 1;
      const stateBefore = [...room.stateAt(firstPos - 1).values()];
      // as Synapse: a state event the filter kept out of the timeline reaches the client in the state section
      // (the state at the timeline's end, less what the timeline holds; with nothing kept out, that is nothing)
      if (p.timelineFilter) {
        const known = new Set([...timeline, ...stateBefore]);
        for (const ev of room.stateAt(p.upto).values()) if (!known.has(ev)) stateBefore.push(ev);
      }
      const state = fresh || p.fullState ? stateBefore : stateBefore.filter((ev) => isNew(ev.pos));
      const ephemeral = ephemeralFor(room, userId, fresh ? undefined : p.since, p.upto);
      const accountData = users.accountDataSince(userId, fresh ? undefined : p.since, room.id);
      if (
        !fresh &&
        !p.fullState &&
        !timeline.length &&
        !state.length &&
        !ephemeral.length &&
        !accountData.length
      )
        continue;
      join[room.id] = {
        timeline: { events: timeline.map(fmt), limited, prev_batch: toToken(firstPos - 1) },
        state: { events: state.map(fmt) },
        ephemeral: { events: ephemeral },
        account_data: { events: accountData.map((e) => ({ type: e.type, content: e.content })) },
        unread_notifications: { highlight_count: 0, notification_count: 0 },
        summary: summaryOf(room, userId),
      };
    } else if (now === 'invite') {
      const inviteEvent = room.getState('m.room.member', userId)!;
      const withheld = p.invites?.withheld;
      const upTo = p.invites?.visibleUpTo;
      if (upTo !== undefined && inviteEvent.pos > upTo) {
        withheld?.add(room.id);
        continue;
      }
      if (!isNew(inviteEvent.pos) && !p.fullState && !withheld?.has(room.id)) continue;
      withheld?.delete(room.id);
      const stateAtInvite = [...room.stateAt(inviteEvent.pos).values()];
      const stripped = stateAtInvite.filter(
        (ev) =>
          inviteStateTypes.has(ev.type) ||
          (ev.type === 'm.room.member' && (ev.state_key === userId || ev.state_key === inviteEvent.sender)),
      );
      invite[room.id] = { invite_state: { events: stripped.map(stripEvent) } };
    } else if (
      (now === 'leave' || now === 'ban') &&
      p.since !== undefined &&
      before !== undefined &&
      before !== now
    ) {
      const leaveEvent = room.memberEventAt(userId, p.upto)!;
      // the events since the last sync up to the leave; one who was only invited gets the leave alone
      const ownTimeline = before === 'join' ? keep : passes(leaveEvent) ? 1 : 0;
      const { timeline, limited } = lastPassing(
        room.events,
        room.indexAfter(p.since),
        room.indexAfter(leaveEvent.pos),
        ownTimeline,
        passes,
      );
      leave[room.id] = {
        timeline: {
          events: timeline.map(fmt),
          limited,
          prev_batch: toToken((timeline[0]?.pos ?? leaveEvent.pos) - 1),
        },
        // a leave the filter kept out of the timeline still tells the client it left
        state: { events: timeline.includes(leaveEvent) ? [] : [fmt(leaveEvent)] },
        account_data: { events: [] },
      };
    } else if (now === 'leave' && p.since === undefined && p.includeLeave) {
      leave[room.id] = {
        timeline: { events: [], limited: false },
        state: { events: [] },
        account_data: { events: [] },
      };
    }
  }

  const accountData = users.accountDataSince(userId, p.since, undefined);
  const deviceId = p.session.deviceId;
  const toDevice = p.keys ? p.keys.toDeviceSince(userId, deviceId, p.since, p.upto) : [];
  // device list changes of everyone the user shares a room with, and their own
  const sharing = [userId, ...joinedRooms.flatMap((r) => r.usersWith('join'))];
  const changed = p.keys ? p.keys.changedSince(sharing, p.since, p.upto) : [];
  const empty =
    !Object.keys(join).length &&
    !Object.keys(invite).length &&
    !Object.keys(leave).length &&
    !accountData.length &&
    !toDevice.length &&
    !changed.length;
  return {
    empty,
    body: {
      next_batch: toToken(p.upto),
      rooms: { join, invite, leave, knock: {} },
      account_data: { events: accountData.map((e) => ({ type: e.type, content: e.content })) },
      presence: { events: [] },
      to_device: { events: toDevice },
      device_lists: { changed, left: [] },
      device_one_time_keys_count: p.keys ? p.keys.oneTimeKeyCounts(userId, deviceId) : {},
      device_unused_fallback_key_types: p.keys ? p.keys.unusedFallbackTypes(userId, deviceId) : [],
    },
  };
}

function ephemeralFor(
  room: Room,
  userId: string,
  since: number | undefined,
  upto: number,
): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  if (
    (since === undefined && room.typing.size) ||
    (since !== undefined && room.typingPos > since && room.typingPos <= upto)
  )
    out.push({ type: 'm.typing', content: { user_ids: [...room.typing.keys()] } });
  const receipts = between(room.receipts, since, upto).filter(
    (r) => r.receiptType !== 'm.read.private' || r.userId === userId,
  );
  if (receipts.length) {
    const content: Record<string, Record<string, Record<string, Record<string, unknown>>>> = {};
    for (const r of receipts) {
      content[r.eventId] ??= {};
      content[r.eventId][r.receiptType] ??= {};
      content[r.eventId][r.receiptType][r.userId] = r.threadId
        ? { ts: r.ts, thread_id: r.threadId }
        : { ts: r.ts };
    }
    out.push({ type: 'm.receipt', content });
  }
  return out;
}

function summaryOf(room: Room, userId: string): Record<string, unknown> {
  const joined = room.usersWith('join');
  const invited = room.usersWith('invite');
  const heroes = [...joined, ...invited].filter((id) => id !== userId).slice(0, 5);
  return {
    'm.heroes': heroes,
    'm.joined_member_count': joined.length,
    'm.invited_member_count': invited.length,
  };
}

/**
 * The last `n` events of `events[from, to)` that pass the filter, oldest first, read back from the end, and whether
 * an earlier one passed too (the timeline is `limited`): what a homeserver reads for a timeline, not the whole range.
 */
function lastPassing(
  events: readonly StoredEvent[],
  from: number,
  to: number,
  n: number,
  passes: (ev: StoredEvent) => boolean,
): { timeline: StoredEvent[]; limited: boolean } {
  const timeline: StoredEvent[] = [];
  for (let i = to - 1; i >= from; i--) {
    if (!passes(events[i])) continue;
    if (timeline.length === n) return { timeline: timeline.reverse(), limited: true };
    timeline.push(events[i]);
  }
  return { timeline: timeline.reverse(), limited: false };
}
