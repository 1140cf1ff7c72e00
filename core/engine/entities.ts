// The conversation's tables: sessions and their messages, confirmations waiting for a yes, the audit trail.
import { CreateConversation1764500000000 } from '../../migrations/engine/1764500000000-create-conversation.ts';
import { IndexConfirmationExpiry1765000000000 } from '../../migrations/engine/1765000000000-index-confirmation-expiry.ts';
import { defineTables } from '../contracts/area-tables.ts';
import { Message } from '../sessions/message.entity.ts';
import { Session } from '../sessions/session.entity.ts';
import { AuditEntry } from './audit-entry.entity.ts';
import { Confirmation } from './confirmation.entity.ts';

export const conversationTables = defineTables({
  area: 'conversation',
  entities: [Session, Message, Confirmation, AuditEntry],
  migrations: [CreateConversation1764500000000, IndexConfirmationExpiry1765000000000],
});
