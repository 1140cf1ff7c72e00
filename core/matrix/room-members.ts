// What the bot knows of each room: joined members and their display names, encryption, and whether it is a DM.

import type { RawEvent } from './inbound-message.ts';
import type { QuorraMatrixClient } from './matrix-client.ts';
import type { MatrixKvStore } from './matrix-storage.ts';
import { roomStateContent } from './room-state.ts';

interface RoomInfo {
  members: Map<string, string | null>;
  encrypted: boolean;
}

/** A per-room cache filled on first use and kept current from the timeline's member and encryption events. */
export class RoomMembers {
  private readonly rooms = new Map<string, Promise<RoomInfo>>();
  private readonly encrypted = new Set<string>();
  /** Rooms whose `direct.` mark was read or written: only markDirect writes it, so the answer only changes here. */
  private readonly marked = new Map<string, boolean>();

  constructor(
    private readonly client: QuorraMatrixClient,
    private readonly botUserId: string,
    private readonly kv: MatrixKvStore,
  ) {}

  private info(roomId: string): Promise<RoomInfo> {
    let p = this.rooms.get(roomId);
    if (!p) {
      p = this.load(roomId);
      this.rooms.set(roomId, p);
      p.catch(() => this.rooms.delete(roomId));
    }
    return p;
  }

  private async load(roomId: string): Promise<RoomInfo> {
    const joined = await this.client.doRequest(
      'GET',
      `/_matrix/client/v3/rooms/${encodeURIComponent(roomId)}/joined_members`,
    );
    const members = new Map<string, string | null>();
    const listed = ((joined as { joined?: unknown } | null)?.joined ?? {}) as Record<
      string,
      { display_name?: unknown }
    >;
    for (const [id, m] of Object.entries(listed))
      members.set(id, typeof m?.display_name === 'string' ? m.display_name : null);
    let encrypted = this.encrypted.has(roomId);
    if (!encrypted) {
      encrypted = await roomStateContent(this.client, roomId, 'm.room.encryption').then(
        (c) => Boolean(c?.algorithm),
        () => false,
      );
    }
    return { members, encrypted };
  }

  /** Updates the cache from a timeline event (membership changes, encryption turned on). */
  async apply(roomId: string, ev: RawEvent): Promise<void> {
    if (ev.type === 'm.room.encryption' || ev.type === 'm.room.encrypted') this.markEncrypted(roomId);
    const key = ev.state_key;
    if (ev.type !== 'm.room.member' || typeof key !== 'string') return;
    const content = (ev.content ?? {}) as {
      membership?: unknown;
      is_direct?: unknown;
      displayname?: unknown;
    };
    // the invite that brought the bot in says whether the inviter meant a DM (also when the invite itself came late)
    if (key === this.botUserId && content.membership === 'invite' && content.is_direct === true)
      await this.markDirect(roomId);
    const loaded = this.rooms.get(roomId);
    if (!loaded) return;
    void loaded.then(
      (info) => {
        if (content.membership === 'join')
          info.members.set(key, typeof content.displayname === 'string' ? content.displayname : null);
        else info.members.delete(key);
      },
      () => undefined,
    );
  }

  /** Notes that a room is encrypted. */
  markEncrypted(roomId: string): void {
    this.encrypted.add(roomId);
    void this.rooms.get(roomId)?.then(
      (info) => {
        info.encrypted = true;
      },
      () => undefined,
    );
  }

  /** Forgets a room the bot left. */
  forget(roomId: string): void {
    this.rooms.delete(roomId);
  }

  /** A DM: created or invited as one (`is_direct`) or listed in the bot's m.direct, and nobody else has joined since. */
  async isDirect(roomId: string): Promise<boolean> {
    const marked = this.client.dms.isDm(roomId) || (await this.markedDirect(roomId));
    // a third person in a DM makes it a group: unaddressed messages there are no longer for the bot
    return marked && (await this.info(roomId)).members.size <= 2;
  }

  private async markedDirect(roomId: string): Promise<boolean> {
    let marked = this.marked.get(roomId);
    if (marked === undefined) {
      marked = (await this.kv.get(`direct.${roomId}`)) === '1';
      // a markDirect that finished while we read wins
      if (!this.marked.has(roomId)) this.marked.set(roomId, marked);
    }
    return this.marked.get(roomId) ?? marked;
  }

  /** Remembers that a room is a DM. */
  async markDirect(roomId: string): Promise<void> {
    await this.kv.set(`direct.${roomId}`, '1');
    this.marked.set(roomId, true);
  }

  /** Whether the room is encrypted. */
  async isEncrypted(roomId: string): Promise<boolean> {
    return this.encrypted.has(roomId) || (await this.info(roomId)).encrypted;
  }

  /** Everyone joined to the room (whose devices get the room key). */
  async joined(roomId: string): Promise<string[]> {
    return [...(await this.info(roomId)).members.keys()];
  }

  /** Whether a user is joined to the room. */
  async isJoined(roomId: string, userId: string): Promise<boolean> {
    return (await this.info(roomId)).members.has(userId);
  }

  /** A member's display name in the room, if set. */
  async displayName(roomId: string, userId: string): Promise<string | null> {
    return (await this.info(roomId)).members.get(userId) ?? null;
  }
}
