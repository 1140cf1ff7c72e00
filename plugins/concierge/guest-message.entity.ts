// One inbound guest message: the drafted reply, how far it got, and what was finally sent (its review is a queue row).
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * drafting → drafted (its reply waits in the approvals queue as a guest_reply row) → sent | discarded, as the owner
 * answers that row; nothing reaches the guest without the owner.
 */
export type DraftState = 'drafting' | 'drafted' | 'sent' | 'discarded';

@Entity('concierge_messages')
@Index('uq_concierge_messages_account_external', ['account', 'externalId'], { unique: true })
@Index('idx_concierge_messages_reservation', ['reservationId'])
@Index('idx_concierge_messages_state', ['state'])
export class GuestMessage {
  /** The queue row's source id. */
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 64, name: 'reservation_id' })
  reservationId!: string;

  @Column({ type: 'varchar', length: 200 })
  account!: string;

  /** The PMS's message id: the idempotency key of the webhook. */
  @Column({ type: 'varchar', length: 200, name: 'external_id' })
  externalId!: string;

  @Column({ type: 'text', name: 'guest_text' })
  guestText!: string;

  /** When the guest sent it, as the PMS reported it. */
  @Column({ type: 'varchar', length: 40, name: 'guest_sent_at' })
  guestSentAt!: string;

  @Column({ type: 'varchar', length: 16 })
  state!: DraftState;

  @Column({ type: 'text', nullable: true })
  draft!: string | null;

  @Column({ type: 'text', name: 'escalation_reason', nullable: true })
  escalationReason!: string | null;

  /** The last failed send (or drafting failure); the queue row shows a failed send's error too. */
  @Column({ type: 'text', name: 'last_error', nullable: true })
  lastError!: string | null;

  @Column({ type: 'text', name: 'sent_text', nullable: true })
  sentText!: string | null;

  @Column({ type: 'varchar', length: 200, name: 'pms_message_id', nullable: true })
  pmsMessageId!: string | null;

  @Column({ type: 'varchar', length: 128, name: 'sent_by', nullable: true })
  sentBy!: string | null;

  @Column({ type: 'datetime', name: 'sent_at', nullable: true })
  sentAt!: Date | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
