// Encrypted events the bot cannot read: say so once per room in plain words, open an unencrypted DM, count it.

import type { UserStore } from '../auth/user-store.ts';
import type { DirectRooms } from './direct-rooms.ts';
import type { HandlingOutcome } from './handling-outcome.ts';
import type { RawEvent } from './inbound-message.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';
import type { MatrixSender } from './matrix-sender.ts';
import type { MatrixKvStore } from './matrix-storage.ts';
import { messageContent } from './reply-format.ts';

/** Said once in a room where the bot saw an event it could not decrypt. */
export const UNDECRYPTABLE_NOTICE =
  'I can’t read encrypted messages in this room — end-to-end encryption isn’t available to me here, so I didn’t see what was written. I’ve opened an unencrypted chat with you; please write to me there.';
/** Said once in a room where, with E2EE working, the key for a message never reached the bot. */
export const MISSING_KEY_NOTICE =
  'I couldn’t read a message here — its encryption key never reached me, so I didn’t see what was written. Please send it again; if it keeps happening, check that my session is verified.';
/** Said in the unencrypted DM the bot points the sender to. */
export const UNENCRYPTED_DM_GREETING =
  'Hi! Your last message reached me encrypted and I couldn’t read it. This chat is not encrypted, so I can read what you write here.';

/** Handles an event the bot could not decrypt; never silent. */
export class Undecryptable {
  constructor(
    private readonly deps: {
      kv: MatrixKvStore;
      sender: MatrixSender;
      direct: DirectRooms;
      users: UserStore;
      metrics: MatrixMetrics;
      /** E2EE works here: the key was missing, not the ability (no detour to an unencrypted chat). */
      e2ee: boolean;
    },
  ) {}

  /** Counts the event; the first time in a room, says so there and greets the sender in an unencrypted DM (opened if needed). */
  async handle(roomId: string, ev: RawEvent): Promise<HandlingOutcome> {
    const { kv, sender, direct, users, metrics } = this.deps;
    metrics.undecryptable.inc();
    const key = `notice.undecryptable.${roomId}`;
    if (await kv.get(key)) return { status: 'ignored', reason: 'undecryptable_repeat' };
    const replyEventId = await sender.send(
      roomId,
      messageContent(this.deps.e2ee ? MISSING_KEY_NOTICE : UNDECRYPTABLE_NOTICE, {}, { notice: true }),
      {
        key,
        kind: 'notice',
      },
    );
    await kv.set(key, new Date().toISOString());
    if (!this.deps.e2ee && (await users.findByMatrixId(String(ev.sender)))) {
      const dm = await direct.roomFor(String(ev.sender), { avoid: roomId });
      await sender.send(dm.roomId, messageContent(UNENCRYPTED_DM_GREETING, {}, { notice: true }), {
        key: `greeting.${roomId}`,
        kind: 'notice',
      });
    }
    return { status: 'answered', how: 'undecryptable', replyEventId };
  }
}
