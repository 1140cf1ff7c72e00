// A contradiction put in front of the owner: the older belief was superseded by the newer, both are kept.
import { Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

@Entity('dream_reviews')
@Index('idx_dream_reviews_status', ['status', 'id'])
@Unique('uq_dream_review_pair', ['olderMemoryId', 'newerMemoryId'])
export class DreamReview {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'integer', name: 'run_id', nullable: true })
  runId!: number | null;

  @Column({ type: 'varchar', length: 400, name: 'slice_key' })
  sliceKey!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  workspace!: string | null;

  @Column({ type: 'varchar', length: 16 })
  visibility!: string;

  @Column({ type: 'varchar', length: 128, name: 'owner_user_id', nullable: true })
  ownerUserId!: string | null;

  @Column({ type: 'varchar', length: 16 })
  kind!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  @Column({ type: 'integer', name: 'older_memory_id' })
  olderMemoryId!: number;

  @Column({ type: 'integer', name: 'newer_memory_id' })
  newerMemoryId!: number;

  /** When the older belief stopped holding. */
  @Column({ type: 'datetime', name: 'valid_until' })
  validUntil!: Date;

  /** open (awaiting the owner) */
  @Column({ type: 'varchar', length: 16, default: 'open' })
  status!: string;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
