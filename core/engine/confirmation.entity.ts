// A tier-2 action drafted for the user's explicit yes/no; survives restarts until it is resolved or expires.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

export type ConfirmationStatus = 'pending' | 'confirmed' | 'declined' | 'expired' | 'failed';

@Entity('confirmations')
@Index(['sessionId', 'status'])
// The expiry sweep (the approvals list, a turn whose own confirmation is overdue) would otherwise walk every
// confirmation the household ever had.
@Index('idx_confirmations_expiry', ['status', 'expiresAt'])
export class Confirmation {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 36, name: 'session_id' })
  sessionId!: string;

  @Column({ type: 'varchar', length: 64, name: 'user_id' })
  userId!: string;

  @Column({ type: 'varchar', length: 64, name: 'tool_name' })
  toolName!: string;

  @Column({ type: 'simple-json', name: 'input_json' })
  input!: unknown;

  @Column({ type: 'text' })
  description!: string;

  @Column({ type: 'varchar', length: 16 })
  status!: ConfirmationStatus;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'datetime', name: 'expires_at' })
  expiresAt!: Date;

  @Column({ type: 'datetime', name: 'resolved_at', nullable: true })
  resolvedAt!: Date | null;
}
