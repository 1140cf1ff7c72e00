// One row of the approvals queue: a proposed action from any producer (source_kind/source_id), a typed kind with a validated payload.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { ProposalAudience, ProposalState } from '../contracts/approval-kind.ts';

export {
  PROPOSAL_AUDIENCES,
  PROPOSAL_STATES,
  type ProposalAudience,
  type ProposalState,
} from '../contracts/approval-kind.ts';

@Entity('proposed_actions')
@Index('ix_proposed_actions_user_state', ['userId', 'state'])
export class ProposedAction {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  /** The person it waits on; null for an owners row. */
  @Column({ name: 'user_id', type: 'varchar', length: 36, nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 16, default: 'person' })
  audience!: ProposalAudience;

  /** The producing plugin's id. */
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

  /** What applying did, in the applier's words (e.g. the PMS message id). */
  @Column({ type: 'text', nullable: true })
  result!: string | null;

  /** Who approved, rejected or deferred it last. */
  @Column({ name: 'resolved_by', type: 'varchar', length: 36, nullable: true })
  resolvedBy!: string | null;

  @Column({ name: 'created_at', type: 'datetime' })
  createdAt!: Date;

  @Column({ name: 'resolved_at', type: 'datetime', nullable: true })
  resolvedAt!: Date | null;
}
