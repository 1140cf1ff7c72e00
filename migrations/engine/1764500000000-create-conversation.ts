// Creates users, api_tokens, sessions, messages, confirmations and audit_log for the conversation engine, from their entities.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ApiToken } from '../../core/auth/api-token.entity.ts';
import { User } from '../../core/auth/user.entity.ts';
import { createEntityTables, dropEntityTables } from '../../core/db/entity-tables.ts';
import { AuditEntry } from '../../core/engine/audit-entry.entity.ts';
import { Confirmation } from '../../core/engine/confirmation.entity.ts';
import { Message } from '../../core/sessions/message.entity.ts';
import { Session } from '../../core/sessions/session.entity.ts';

const tables = [User, ApiToken, Session, Message, Confirmation, AuditEntry];

export class CreateConversation1764500000000 implements MigrationInterface {
  name = 'CreateConversation1764500000000';

  up = (q: QueryRunner) => createEntityTables(q, tables);
  down = (q: QueryRunner) => dropEntityTables(q, tables);
}
