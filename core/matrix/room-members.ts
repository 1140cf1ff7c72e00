// What the bot knows of each room: joined members and their display names, encryption, and whether it is a DM.
import type { QuorraMatrixClient } from './matrix-client.ts';

interface RoomInfo {
  members: Map<string, string | null>;
  encrypted: boolean;
}

/** A per-room cache filled on first use and kept current from the timeline's member and encryption events. */
export class RoomMembers {
  private readonly rooms = new Map<string, Promise<RoomInfo>>();
  private readonly encrypted = new Set<string>();

  constructor(
    private readonly client: QuorraMatrixClient,
    private readonly botUserId: string,
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
    for (const [id, m] of Object.entries((joined?.joined ?? {}) as Record<string, any>))
      members.set(id, m?.display_name ?? null);
    let encrypted = this.encrypted.has(roomId);
    if (!encrypted) {
      encrypted = await this.client.getRoomStateEvent(roomId, 'm.room.encryption', '').then(
        (c: any) => Boolean(c?.algorithm),
        () => false,
      );
    }
    return { members, encrypted };
  }

  /** Updates the cache from a timeline event (membership changes, encryption turned on). */
  apply(roomId: string, ev: Record<string, any>): void {
    if (ev.type === 'm.room.encryption' || ev.type === 'm.room.encrypted') this.markEncrypted(roomId);
    if (ev.type !== 'm.room.member' || typeof ev.state_key !== 'string') return;
    const loaded = this.rooms.get(roomId);
    if (!loaded) return;
    void loaded.then(
      (info) => {
        if (ev.content?.membership === 'join')
          info.members.set(ev.state_key, ev.content?.displayname ?? null);
        else info.members.delete(ev.state_key);
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

  /** A DM: marked direct in m.direct, or only the bot and one other member joined. */
  async isDirect(roomId: string): Promise<boolean> {
    if (this.client.dms.isDm(roomId)) return true;
    const { members } = await this.info(roomId);
    return members.size === 2 && members.has(this.botUserId);
  }

  /** Whether the room is encrypted. */
  async isEncrypted(roomId: string): Promise<boolean> {
    return this.encrypted.has(roomId) || (await this.info(roomId)).encrypted;
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
