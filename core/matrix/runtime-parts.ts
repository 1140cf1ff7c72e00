// Builds the runtime's collaborators around a connected client: members, DMs, the message pipeline, invites, the outbox.
import { ConfirmationMessages } from './confirmation-messages.ts';
import type { EncryptedEvents } from './crypto/encrypted-events.ts';
import { DirectRooms } from './direct-rooms.ts';
import type { EventLog } from './event-log.ts';
import type { FailureBackoff } from './failure-backoff.ts';
import { FileUploads } from './file-uploads.ts';
import type { BotIdentity } from './inbound-filter.ts';
import { InvitePolicy } from './invite-policy.ts';
import type { QuorraMatrixClient } from './matrix-client.ts';
import { MatrixSender } from './matrix-sender.ts';
import { MessagePipeline } from './message-pipeline.ts';
import { OutboxDelivery } from './outbox-delivery.ts';
import { Refusals } from './refusals.ts';
import { ReplyRoutes } from './reply-routes.ts';
import { RoomMembers } from './room-members.ts';
import type { RuntimeDeps } from './runtime-deps.ts';
import { STREAM_PACE } from './streamed-reply.ts';
import { Undecryptable } from './undecryptable.ts';

/** Everything the runtime drives once connected. */
export function runtimeParts(
  d: RuntimeDeps,
  own: {
    client: QuorraMatrixClient;
    bot: BotIdentity;
    events: EventLog;
    backoff: FailureBackoff;
    encrypted: EncryptedEvents;
  },
) {
  const { client, bot, events, backoff, encrypted } = own;
  const cfg = d.config.matrix;
  const members = new RoomMembers(client, bot.userId, d.kv);
  const direct = new DirectRooms(client, d.kv, members, encrypted.enabled);
  const sender = new MatrixSender(
    client,
    d.metrics,
    d.logger,
    {
      retries: cfg.sendRetries,
      baseMs: cfg.retryBaseMs,
      typingRenewMs: cfg.typingRenewMs,
      typingDelayMs: cfg.typingDelayMs,
    },
    encrypted.encryptor(members),
  );
  const undecryptable = new Undecryptable({
    e2ee: encrypted.enabled,
    kv: d.kv,
    sender,
    direct: direct,
    users: d.users,
    metrics: d.metrics,
  });
  const pipeline = new MessagePipeline({
    bot,
    members: members,
    sender,
    events,
    users: d.users,
    resolver: d.resolver,
    roomSessions: d.roomSessions,
    confirmationMessages: new ConfirmationMessages(d.db),
    refusals: new Refusals(d.db),
    replyRoutes: new ReplyRoutes({
      outbox: d.outbox,
      users: d.users,
      replies: d.replies,
      logger: d.logger,
    }),
    turns: d.turns,
    commands: d.commands,
    files: new FileUploads(d.files, async (mxc) => (await client.downloadContent(mxc)).data),
    undecryptable,
    streaming: cfg.streamEdits ? STREAM_PACE : null,
    metrics: d.metrics,
    logger: d.logger,
  });
  const invites = new InvitePolicy({
    client,
    users: d.users,
    direct: direct,
    members: members,
    metrics: d.metrics,
    logger: d.logger,
    kv: d.kv,
    backoff,
    e2ee: encrypted.enabled,
  });
  const delivery = new OutboxDelivery({
    outbox: d.outbox,
    users: d.users,
    direct: direct,
    sender,
    metrics: d.metrics,
    logger: d.logger,
    policy: { batchMs: cfg.outboxBatchSeconds * 1000, retryBaseMs: cfg.retryBaseMs },
  });
  return { members, direct, pipeline, invites, delivery };
}
