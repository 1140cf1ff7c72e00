// Polite refusals to unmapped senders: one per room, sender and UTC day.
import type { DataSource } from 'typeorm';
import { isUniqueViolation } from '../db/unique-violation.ts';
import { Refusal } from './refusal.entity.ts';

/** Records refusals so each (room, sender) hears one a day at most. */
export class Refusals {
  constructor(private readonly db: DataSource) {}

  /** True the first time for (room, sender, day); false afterwards. */
  async once(roomId: string, sender: string, day: string): Promise<boolean> {
    try {
      await this.db.getRepository(Refusal).insert({ roomId, sender, day, createdAt: new Date() });
      return true;
    } catch (err) {
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }
}
