// One inbound guest message and its review row: the drafted reply, its state, and what was finally sent.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** drafting → draft_ready | needs_you → (sending →) sent, or → discarded; nothing reaches the guest without the owner. */
export type DraftState = 'drafting' | 'draft_ready' | 'needs_you' | 'sending' | 'sent' | 'discarded';

/** States the owner can still act on. */
export const OPEN_STATES: readonly DraftState[] = ['draft_ready', 'needs_you'];

@Entity('concierge_messages')
@Index('uq_concierge_messages_account_external', ['account', 'externalId'], { unique: true })
@Index('idx_concierge_messages_reservation', ['reservationId'])
@Index('idx_concierge_messages_state', ['state'])
export class GuestMessage {
  /** Also the draft number the owner uses (`!quorra concierge send <n>`). */
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

  /** The last failed send (or drafting failure), shown to the owner until it succeeds. */
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
