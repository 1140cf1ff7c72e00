// Adds a person's child mark and reach (users.child, child_tools) and quiet hours (quiet_start, quiet_end, quiet_reply).
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { User } from '../../core/auth/user.entity.ts';
import { addEntityColumns } from '../../core/db/entity-tables.ts';

export class AddChildAndQuietHours1765438000000 implements MigrationInterface {
  name = 'AddChildAndQuietHours1765438000000';

  up = (q: QueryRunner) =>
    addEntityColumns(q, User, ['child', 'childTools', 'quietStart', 'quietEnd', 'quietReply']);
  /** The columns stay: dropping them would make every child an adult again. */
  async down(): Promise<void> {}
}
