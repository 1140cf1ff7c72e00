// Creates the admin UI's sign-in grants (Matrix code / one-time link) and browser sessions; users can be removed.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { BrowserSession } from '../../core/auth/browser-session.entity.ts';
import { SignInGrant } from '../../core/auth/sign-in-grant.entity.ts';
import { User } from '../../core/auth/user.entity.ts';
import { addEntityColumns, createEntityTables, dropEntityTables } from '../../core/db/entity-tables.ts';

const tables = [SignInGrant, BrowserSession];

/** Additive: two new tables and users.removed_at (a removed user's id is never reused). */
export class CreateAdminSignIn1764570000000 implements MigrationInterface {
  name = 'CreateAdminSignIn1764570000000';

  async up(q: QueryRunner): Promise<void> {
    await createEntityTables(q, tables);
    await addEntityColumns(q, User, ['removedAt']);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('users', 'removed_at');
    await dropEntityTables(q, tables);
  }
}
