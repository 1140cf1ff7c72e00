// Adds the table of OAuth sign-ins to MCP servers (registrations and tokens, sealed).

import { createEntityTables, dropEntityTables } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { OAuthGrant } from '../oauth-grant.entity.ts';

const tables = [OAuthGrant];

export class CreateMcpOAuth1765200000000 implements MigrationInterface {
  name = 'CreateMcpOAuth1765200000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
