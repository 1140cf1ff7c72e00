// Maps the bot's confirmation-request message to the engine's confirmation, so a Matrix reply to it names it.
import type { DataSource } from 'typeorm';
import { ConfirmationMessage } from './confirmation-message.entity.ts';

/** The confirmation-message map. */
export class ConfirmationMessages {
  constructor(private readonly db: DataSource) {}

  /** Remembers which confirmation a bot message asks about. */
  async remember(row: Omit<ConfirmationMessage, 'createdAt'>): Promise<void> {
    await this.db.getRepository(ConfirmationMessage).save({ ...row, createdAt: new Date() });
  }

  /** The confirmation a bot message asks about, if it is one. */
  byEvent(eventId: string): Promise<ConfirmationMessage | null> {
    return this.db.getRepository(ConfirmationMessage).findOneBy({ eventId });
  }

  /** The newest confirmation question to a user in a room. */
  latest(roomId: string, userId: string): Promise<ConfirmationMessage | null> {
    return this.db
      .getRepository(ConfirmationMessage)
      .findOne({ where: { roomId, userId }, order: { createdAt: 'DESC' } });
  }
}
