// A Dream cursor: how far consolidation has read one tenant slice of the notes log (by ingestion sequence).
import { Column, Entity, Index, PrimaryGeneratedColumn, Unique } from 'typeorm';

@Entity('dream_cursor')
@Unique('uq_dream_cursor_slice', ['sliceKey'])
@Index('idx_dream_cursor_columns', ['visibility', 'workspace', 'ownerUserId'])
export class DreamCursor {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  /** JSON [visibility, workspace, owner]: unique even where workspace or owner is NULL. */
  @Column({ type: 'varchar', length: 400, name: 'slice_key' })
  sliceKey!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  workspace!: string | null;

  @Column({ type: 'varchar', length: 16 })
  visibility!: string;

  @Column({ type: 'varchar', length: 128, name: 'owner_user_id', nullable: true })
  ownerUserId!: string | null;

  /** Every note of the slice with seq ≤ this has been consolidated (or queued for retry). */
  @Column({ type: 'integer', name: 'last_seq', default: 0 })
  lastSeq!: number;

  @Column({ type: 'datetime', name: 'last_occurred_at', nullable: true })
  lastOccurredAt!: Date | null;

  @Column({ type: 'integer', name: 'last_note_id', nullable: true })
  lastNoteId!: number | null;

  @Column({ type: 'integer', name: 'last_run_id', nullable: true })
  lastRunId!: number | null;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
