// One hosting workspace's auto-send policy, as the owner last saved it.
import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { AutonomyPolicy } from './autonomy-policy.ts';

@Entity('concierge_autonomy_policies')
export class ConciergeAutonomyPolicy {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  workspace!: string;

  @Column({ type: 'simple-json' })
  policy!: AutonomyPolicy;

  @Column({ type: 'varchar', length: 36, name: 'updated_by' })
  updatedBy!: string;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
