// A note: one piece of raw material in the append-only intake log, ordered by its ingestion sequence number.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { NoteSourceKind, NoteVisibility } from './note-input.ts';

@Entity('notes')
@Index('idx_notes_seq', ['seq'], { unique: true })
// readAfter: one slice, seq > cursor, in seq order — answered from this index alone.
@Index('idx_notes_slice_seq', ['workspace', 'visibility', 'ownerUserId', 'seq'])
@Index('idx_notes_source', ['sourceKind', 'sourceId'])
export class Note {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  /** Ingestion position; reassigned on edit so "everything after N" readers see the change. */
  @Column({ type: 'integer' })
  seq!: number;

  @Column({ type: 'varchar', length: 64, nullable: true })
  workspace!: string | null;

  @Column({ type: 'varchar', length: 16 })
  visibility!: NoteVisibility;

  @Column({ type: 'varchar', length: 128, name: 'owner_user_id', nullable: true })
  ownerUserId!: string | null;

  @Column({ type: 'varchar', length: 32, name: 'source_kind' })
  sourceKind!: NoteSourceKind;

  @Column({ type: 'varchar', length: 256, name: 'source_id', nullable: true })
  sourceId!: string | null;

  @Column({ type: 'datetime', name: 'occurred_at' })
  occurredAt!: Date;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'datetime', name: 'edited_at', nullable: true })
  editedAt!: Date | null;
}
