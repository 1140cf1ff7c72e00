// One audited tool action (tier 1 and 2, and refused calls): who, what, with which input, and how it ended.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('audit_log')
@Index(['at'])
export class AuditEntry {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'datetime' })
  at!: Date;

  @Column({ type: 'varchar', length: 64, name: 'user_id', nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 36, name: 'session_id', nullable: true })
  sessionId!: string | null;

  @Column({ type: 'varchar', length: 64 })
  tool!: string;

  @Column({ type: 'integer' })
  tier!: number;

  @Column({ type: 'simple-json', name: 'input_json' })
  input!: unknown;

  /** ok | error | refused | confirmed | declined */
  @Column({ type: 'varchar', length: 16 })
  outcome!: string;

  @Column({ type: 'text', default: '' })
  detail!: string;
}
