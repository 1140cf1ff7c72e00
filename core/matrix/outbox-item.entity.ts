// A notification for a household member, delivered to their Matrix DM: queued → sent, or failed (retried).
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** High goes out at once; normal and low may be batched. */
export type OutboxUrgency = 'high' | 'normal' | 'low';
/** queued until sent; failed after an attempt failed (retried while it has a next attempt). */
export type OutboxState = 'queued' | 'sent' | 'failed';

@Entity('matrix_outbox')
@Index(['state', 'nextAttemptAt'])
@Index('IDX_matrix_outbox_event_id', ['eventId'])
export class OutboxItem {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 64, name: 'user_id' })
  userId!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'varchar', length: 8 })
  urgency!: OutboxUrgency;

  @Column({ type: 'varchar', length: 8 })
  state!: OutboxState;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError!: string | null;

  /** When the next attempt may run; NULL for sent items and failures that cannot be retried. */
  @Column({ type: 'datetime', name: 'next_attempt_at', nullable: true })
  nextAttemptAt!: Date | null;

  @Column({ type: 'varchar', length: 255, name: 'room_id', nullable: true })
  roomId!: string | null;

  @Column({ type: 'varchar', length: 255, name: 'event_id', nullable: true })
  eventId!: string | null;

  /** The reply handler a Matrix reply to this notification goes to (such items are never batched). */
  @Column({ type: 'varchar', length: 100, name: 'reply_handler', nullable: true })
  replyHandler!: string | null;

  /** What the handler gets as ctx.ref (e.g. a draft id). */
  @Column({ type: 'varchar', length: 255, name: 'reply_ref', nullable: true })
  replyRef!: string | null;

  /**
   * Set for an item whose words are a secret (a sign-in code): `text` then holds only a label ("a sign-in code for
   * Max") and the message is made fresh at delivery by the kind's renderer, so the secret is never stored.
   */
  @Column({ type: 'varchar', length: 32, name: 'secret_kind', nullable: true })
  secretKind!: string | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'datetime', name: 'sent_at', nullable: true })
  sentAt!: Date | null;
}
