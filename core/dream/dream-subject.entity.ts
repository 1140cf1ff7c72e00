// What a Dream-written belief is about (normalised) and when it was stated: the key contradictions are found by.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('dream_subjects')
@Index('idx_dream_subjects_key', ['sliceKey', 'kind', 'subject'])
export class DreamSubject {
  @PrimaryColumn({ type: 'integer', name: 'memory_id' })
  memoryId!: number;

  @Column({ type: 'varchar', length: 400, name: 'slice_key' })
  sliceKey!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: string;

  @Column({ type: 'varchar', length: 200 })
  subject!: string;

  /** When the source note says it happened: orders two contradicting beliefs. */
  @Column({ type: 'datetime', name: 'stated_at' })
  statedAt!: Date;
}
