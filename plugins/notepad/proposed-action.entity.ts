// A proposed action waiting on a person's yes or no: producer-agnostic (source_kind/source_id), typed kind, validated payload.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export type ProposalState = 'draft' | 'applied' | 'rejected' | 'deferred' | 'failed';

@Entity('proposed_actions')
@Index('ix_proposed_actions_user_state', ['userId', 'state'])
export class ProposedAction {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ name: 'user_id', type: 'varchar', length: 36 })
  userId!: string;

  @Column({ name: 'source_kind', type: 'varchar', length: 32 })
  sourceKind!: string;

  @Column({ name: 'source_id', type: 'varchar', length: 64 })
  sourceId!: string;

  @Column({ type: 'varchar', length: 32 })
  kind!: string;

  @Column({ type: 'simple-json' })
  payload!: Record<string, unknown>;

  @Column({ type: 'varchar', length: 16 })
  state!: ProposalState;

  /** Why the last apply failed (shown with the row, which is back in review). */
  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'resolved_at', type: 'datetime', nullable: true })
  resolvedAt!: Date | null;
}
