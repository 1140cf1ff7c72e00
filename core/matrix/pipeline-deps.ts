// What the Matrix message pipeline and its steps (commands, engine turns) work with.
import type { UserStore } from '../auth/user-store.ts';
import type { CommandDefinition } from '../contracts/contributions.ts';
import type { Registry } from '../contracts/registry.ts';
import type { Turns } from '../engine/turns.ts';
import type { Logger } from '../logger.ts';
import type { ConfirmationMessages } from './confirmation-messages.ts';
import type { EventLog } from './event-log.ts';
import type { FileUploads } from './file-uploads.ts';
import type { BotIdentity } from './inbound-filter.ts';
import type { MatrixMetrics } from './matrix-metrics.ts';
import type { MatrixSender } from './matrix-sender.ts';
import type { Refusals } from './refusals.ts';
import type { ReplyRoutes } from './reply-routes.ts';
import type { RoomMembers } from './room-members.ts';
import type { RoomResolver } from './room-resolver.ts';
import type { RoomSessions } from './room-sessions.ts';
import type { StreamPace } from './streamed-reply.ts';
import type { Undecryptable } from './undecryptable.ts';

/** Everything the pipeline works with. */
export interface PipelineDeps {
  bot: BotIdentity;
  members: RoomMembers;
  sender: MatrixSender;
  events: EventLog;
  users: UserStore;
  resolver: RoomResolver;
  roomSessions: RoomSessions;
  confirmationMessages: ConfirmationMessages;
  refusals: Refusals;
  replyRoutes: ReplyRoutes;
  turns: Turns;
  commands: Registry<CommandDefinition>;
  files: FileUploads;
  undecryptable: Undecryptable;
  /** How replies stream into the room by edits while the model writes; null sends each reply whole. */
  streaming: StreamPace | null;
  metrics: MatrixMetrics;
  logger: Logger;
}
