// The bot's DM with each household member: remembered, and created on demand (encrypted when the bot can) when there is none.
import type { QuorraMatrixClient } from './matrix-client.ts';
import type { MatrixKvStore } from './matrix-storage.ts';
import type { RoomMembers } from './room-members.ts';

const ENCRYPTION = {
  type: 'm.room.encryption',
  state_key: '',
  content: { algorithm: 'm.megolm.v1.aes-sha2' },
};

/** Finds or opens the DM the bot uses to reach a Matrix user. */
export class DirectRooms {
  private readonly pending = new Map<string, Promise<{ roomId: string; created: boolean }>>();

  constructor(
    private readonly client: QuorraMatrixClient,
    private readonly kv: MatrixKvStore,
    private readonly members: RoomMembers,
    private readonly canEncrypt: boolean,
  ) {}

  /** The remembered DM room with a Matrix user, if any. */
  known(mxid: string): Promise<string | null> {
    return this.kv.get(`dm.${mxid}`);
  }

  /** Remembers a room as the DM with a Matrix user. */
  async remember(mxid: string, roomId: string): Promise<void> {
    await this.members.markDirect(roomId);
    await this.kv.set(`dm.${mxid}`, roomId);
  }

  /** The DM to use: the remembered one while the user is still in it (and it is readable), else a new one. */
  roomFor(mxid: string, opts: { avoid?: string } = {}): Promise<{ roomId: string; created: boolean }> {
    const key = `${mxid}\u0000${opts.avoid ?? ''}`;
    let p = this.pending.get(key);
    if (!p) {
      p = this.find(mxid, opts.avoid).finally(() => this.pending.delete(key));
      this.pending.set(key, p);
    }
    return p;
  }

  private async find(mxid: string, avoid?: string): Promise<{ roomId: string; created: boolean }> {
    const known = await this.known(mxid);
    if (known && known !== avoid && (await this.usable(known, mxid)))
      return { roomId: known, created: false };
    const roomId: string = await this.client.createRoom({
      invite: [mxid],
      is_direct: true,
      preset: 'trusted_private_chat',
      ...(this.canEncrypt ? { initial_state: [ENCRYPTION] } : {}),
    });
    await this.remember(mxid, roomId);
    return { roomId, created: true };
  }

  private async usable(roomId: string, mxid: string): Promise<boolean> {
    if (!this.canEncrypt && (await this.members.isEncrypted(roomId).catch(() => false))) return false;
    try {
      const member = await this.client.getRoomStateEvent(roomId, 'm.room.member', mxid);
      return member?.membership === 'join' || member?.membership === 'invite';
    } catch {
      return false;
    }
  }
}
