// Adds users.child and users.child_tools: a person can be marked a child, with the tools they may use (null: the default list).
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { User } from '../core/auth/user.entity.ts';
import { addEntityColumns } from '../core/db/entity-tables.ts';

export class AddChildReach1765438000000 implements MigrationInterface {
  name = 'AddChildReach1765438000000';

  up = (q: QueryRunner) => addEntityColumns(q, User, ['child', 'childTools']);
  /** The columns stay: dropping them would make every child an adult again. */
  async down(): Promise<void> {}
}
