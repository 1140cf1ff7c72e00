// Invites: accepted only from household members (a DM invite becomes their remembered DM); everyone else is declined.
import type { UserStore } from '../auth/user-store.ts';
import type { Logger } from '../logger.ts';
import type { DirectRooms } from './direct-rooms.ts';
import type { QuorraMatrixClient } from './matrix-client.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';
import { describeError } from './matrix-sender.ts';
import type { RoomMembers } from './room-members.ts';

/** Decides and acts on an invite; true when it was accepted. */
export async function handleInvite(
  deps: {
    client: QuorraMatrixClient;
    users: UserStore;
    direct: DirectRooms;
    members: RoomMembers;
    metrics: MatrixMetrics;
    logger: Logger;
  },
  roomId: string,
  ev: Record<string, any>,
): Promise<boolean> {
  const { client, users, direct, members, metrics, logger } = deps;
  metrics.received.inc({ kind: 'invite' });
  const inviter = ev.sender as string;
  const user = await users.findByMatrixId(inviter);
  if (!user) {
    metrics.ignored.inc({ reason: 'invite_unmapped' });
    logger.info({ roomId, inviter }, 'declined an invite from someone outside the household');
    await client
      .leaveRoom(roomId)
      .catch((err: unknown) =>
        logger.warn({ roomId, err: describeError(err) }, 'could not decline the invite'),
      );
    return false;
  }
  try {
    await client.joinRoom(roomId);
  } catch (err) {
    logger.warn({ roomId, inviter, err: describeError(err) }, 'could not join a room I was invited to');
    return false;
  }
  metrics.answered.inc({ how: 'joined' });
  if (
    ev.content?.is_direct === true &&
    (client.crypto || !(await members.isEncrypted(roomId).catch(() => true)))
  )
    await direct.remember(inviter, roomId);
  logger.info({ roomId, inviter, user: user.id }, 'joined a room on invite');
  return true;
}
