// A note Dream gave up on after its last attempt: kept with the reason so nothing is skipped silently.
import { Column, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

@Entity('dream_retired_notes')
@Unique('uq_dream_retired_note', ['noteId', 'noteSeq'])
export class DreamRetiredNote {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'integer', name: 'note_id' })
  noteId!: number;

  @Column({ type: 'integer', name: 'note_seq' })
  noteSeq!: number;

  @Column({ type: 'varchar', length: 400, name: 'slice_key' })
  sliceKey!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  workspace!: string | null;

  @Column({ type: 'varchar', length: 16 })
  visibility!: string;

  @Column({ type: 'varchar', length: 128, name: 'owner_user_id', nullable: true })
  ownerUserId!: string | null;

  @Column({ type: 'integer' })
  attempts!: number;

  /** malformed | timeout | rejected */
  @Column({ type: 'varchar', length: 16 })
  reason!: string;

  @Column({ type: 'text', default: '' })
  detail!: string;

  @Column({ type: 'integer', name: 'run_id', nullable: true })
  runId!: number | null;

  @Column({ type: 'datetime', name: 'retired_at' })
  retiredAt!: Date;
}
