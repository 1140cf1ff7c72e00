// What the auto-send gate decided for one guest message, and why: the owner's record of every reply sent alone.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('concierge_autonomy_decisions')
@Index('uq_concierge_autonomy_message', ['messageId'], { unique: true })
@Index('idx_concierge_autonomy_reservation', ['reservationId', 'decidedAt'])
export class ConciergeAutonomyDecision {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'integer', name: 'message_id' })
  messageId!: number;

  @Column({ type: 'varchar', length: 64, name: 'reservation_id' })
  reservationId!: string;

  @Column({ type: 'varchar', length: 64 })
  workspace!: string;

  /** `sent`: the reply went out alone; `review`: it waits for the owner for the reasons given. */
  @Column({ type: 'varchar', length: 8 })
  outcome!: 'sent' | 'review';

  /** The separate classification of the guest's message (one of the fixed category ids). */
  @Column({ type: 'varchar', length: 32, nullable: true })
  category!: string | null;

  @Column({ type: 'real', nullable: true })
  confidence!: number | null;

  /** Why it was not sent, in fixed words (never the guest's or the model's text). */
  @Column({ type: 'simple-json' })
  reasons!: string[];

  /** What the draft's sentences rest on (document titles, "the booking"). */
  @Column({ type: 'simple-json' })
  sources!: string[];

  @Column({ type: 'datetime', name: 'decided_at' })
  decidedAt!: Date;
}
