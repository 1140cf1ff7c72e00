// A note whose extraction failed (malformed, timed out, refused) and waits for another attempt in a later run.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('dream_note_attempts')
@Index('idx_dream_attempts_slice', ['sliceKey', 'noteSeq'])
export class DreamNoteAttempt {
  @PrimaryColumn({ type: 'integer', name: 'note_id' })
  noteId!: number;

  /** The note's seq when it failed; an edit re-sequences the note and so starts it afresh. */
  @Column({ type: 'integer', name: 'note_seq' })
  noteSeq!: number;

  @Column({ type: 'varchar', length: 400, name: 'slice_key' })
  sliceKey!: string;

  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'varchar', length: 16, name: 'last_reason' })
  lastReason!: string;

  @Column({ type: 'text', name: 'last_error', default: '' })
  lastError!: string;

  @Column({ type: 'datetime', name: 'last_attempt_at' })
  lastAttemptAt!: Date;
}
