// Invites: accepted only from household members (a DM invite becomes their remembered DM); everyone else is declined.

import type { UserStore } from '../auth/user-store.ts';
import type { Logger } from '../logger.ts';
import type { DirectRooms } from './direct-rooms.ts';
import type { FailureBackoff } from './failure-backoff.ts';
import type { RawEvent } from './inbound-message.ts';
import { ClientHaltedError, type QuorraMatrixClient } from './matrix-client.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';
import { describeError } from './matrix-sender.ts';
import type { MatrixKvStore } from './matrix-storage.ts';
import type { RoomMembers } from './room-members.ts';

/** What deciding on invites needs. */
export interface InviteDeps {
  client: QuorraMatrixClient;
  users: UserStore;
  direct: DirectRooms;
  members: RoomMembers;
  metrics: MatrixMetrics;
  logger: Logger;
  kv: MatrixKvStore;
  backoff: FailureBackoff;
  /** Whether the bot reads encrypted rooms (else an encrypted DM is not remembered as the member's DM). */
  e2ee: boolean;
}

const pendingKey = (roomId: string) => `invite.pending.${roomId}`;
const stuckKey = (roomId: string) => `invite.undeclinable.${roomId}`;

/** An invite as noted: who sent it and its content (of which only `is_direct` is read). */
interface NotedInvite {
  sender: string;
  content: { is_direct?: unknown };
}

/** Invites are noted durably as they arrive and acted on later in the room's queue, never inside sync handling. */
export class InvitePolicy {
  constructor(private readonly d: InviteDeps) {}

  /** Notes an invite from a sync (cheap, no homeserver call), so a crash before it is handled cannot lose it. */
  async note(roomId: string, ev: RawEvent): Promise<void> {
    this.d.metrics.received.inc({ kind: 'invite' });
    await this.d.kv.set(pendingKey(roomId), JSON.stringify({ sender: ev.sender, content: ev.content ?? {} }));
  }

  /** The invites noted but not yet handled (picked up again at start). */
  async pending(): Promise<string[]> {
    return (await this.d.kv.keys('invite.pending.')).map((k) => k.slice('invite.pending.'.length));
  }

  /** Acts on a noted invite; true when the bot joined. */
  async handle(roomId: string): Promise<boolean> {
    const raw = await this.d.kv.get(pendingKey(roomId));
    if (!raw) return false;
    const ev = JSON.parse(raw) as NotedInvite;
    // a shutdown mid-way leaves the invite noted, so the next start finishes it
    const joined = await this.decide(roomId, ev);
    await this.d.kv.delete(pendingKey(roomId));
    return joined;
  }

  private async decide(roomId: string, ev: NotedInvite) {
    const { client, users, direct, members, metrics, logger, backoff } = this.d;
    const inviter = ev.sender;
    const user = await users.findByMatrixId(inviter);
    if (!user) {
      metrics.ignored.inc({ reason: 'invite_unmapped' });
      await this.decline(roomId, inviter);
      return false;
    }
    const key = `join:${roomId}`;
    if (backoff.blocked(key)) {
      logger.debug({ roomId }, 'not retrying a join that keeps failing yet');
      return false;
    }
    if (ev.content.is_direct === true) await members.markDirect(roomId);
    try {
      await client.joinRoom(roomId);
      backoff.succeeded(key);
    } catch (err) {
      if (err instanceof ClientHaltedError) throw err;
      const reason = describeError(err);
      const waitMs = backoff.failed(key, reason);
      logger.warn({ roomId, inviter, err: reason, waitMs }, 'could not join a room I was invited to');
      return false;
    }
    metrics.answered.inc({ how: 'joined' });
    if (
      ev.content.is_direct === true &&
      (this.d.e2ee || !(await members.isEncrypted(roomId).catch(() => true)))
    )
      await direct.remember(inviter, roomId);
    logger.info({ roomId, inviter, user: user.id }, 'joined a room on invite');
    return true;
  }

  /** Leaves; if the server refuses that from the invited state, forgets; if even that fails, remembers and stays silent. */
  private async decline(roomId: string, inviter: string): Promise<void> {
    const { client, kv, logger } = this.d;
    if (await kv.get(stuckKey(roomId))) return;
    logger.info({ roomId, inviter }, 'declining an invite from someone outside the household');
    try {
      await client.leaveRoom(roomId);
      return;
    } catch (err) {
      if (err instanceof ClientHaltedError) throw err;
      logger.warn({ roomId, err: describeError(err) }, 'could not decline the invite; forgetting it instead');
    }
    try {
      await client.forgetRoom(roomId);
    } catch (err) {
      logger.warn({ roomId, err: describeError(err) }, 'could not forget the invite either; ignoring it');
    }
    // the server keeps the invite around: never try again for this room
    await kv.set(stuckKey(roomId), new Date().toISOString());
  }
}
