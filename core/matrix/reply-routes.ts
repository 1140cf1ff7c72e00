// Routes a person's Matrix reply to one of their notifications (sent with replyTo) to the reply handler it names.
import type { User } from '../auth/user.entity.ts';
import type { UserStore } from '../auth/user-store.ts';
import type { ReplyHandler } from '../contracts/contributions.ts';
import type { Registry } from '../contracts/registry.ts';
import type { Logger } from '../logger.ts';
import { describeError } from './matrix-sender.ts';
import type { Outbox } from './outbox.ts';
import type { OutboxItem } from './outbox-item.entity.ts';

/** What the person hears when the notification's handler is no longer registered (e.g. its plugin was disabled). */
export const REPLY_GONE = 'That can no longer be answered here.';
/** What the person hears when the handler failed. */
export const REPLY_FAILED = 'Sorry — I could not handle that reply. Try again later.';

/** A reply the pipeline hands to a handler instead of the engine. */
export interface ReplyTarget {
  item: OutboxItem;
  user: User;
}

/** Finds the notification a message answers and runs its handler. */
export class ReplyRoutes {
  constructor(
    private readonly d: {
      outbox: Outbox;
      users: UserStore;
      replies: Registry<ReplyHandler>;
      logger: Logger;
    },
  ) {}

  /** The notification with a reply target that this message replies to, when its sender is its recipient in that room. */
  async target(roomId: string, sender: string, inReplyTo: string | undefined): Promise<ReplyTarget | null> {
    if (!inReplyTo) return null;
    const item = await this.d.outbox.repliable(inReplyTo);
    if (!item || item.roomId !== roomId) return null;
    const user = await this.d.users.findByMatrixId(sender);
    return user && user.id === item.userId ? { item, user } : null;
  }

  /** The handler's answer to the reply text; a short line when the handler is gone or failed. */
  async answer(
    t: ReplyTarget,
    text: string,
  ): Promise<{ text: string; outcome: 'answered' | 'gone' | 'failed' }> {
    const handler = t.item.replyHandler ? this.d.replies.get(t.item.replyHandler) : undefined;
    if (!handler) return { text: REPLY_GONE, outcome: 'gone' };
    try {
      const answer = await handler.handle(text, {
        userId: t.user.id,
        role: t.user.role,
        ref: t.item.replyRef ?? '',
      });
      return { text: answer, outcome: 'answered' };
    } catch (err) {
      this.d.logger.error(
        { err: describeError(err), handler: handler.name, item: t.item.id },
        'a reply handler failed',
      );
      return { text: REPLY_FAILED, outcome: 'failed' };
    }
  }
}
