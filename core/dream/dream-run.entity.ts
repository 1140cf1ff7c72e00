// One Dream run over one tenant slice: when, why, what it counted, how it ended, and its readable report.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('dream_runs')
@Index('idx_dream_runs_slice', ['sliceKey', 'id'])
export class DreamRun {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 400, name: 'slice_key' })
  sliceKey!: string;

  @Column({ type: 'varchar', length: 64, nullable: true })
  workspace!: string | null;

  @Column({ type: 'varchar', length: 16 })
  visibility!: string;

  @Column({ type: 'varchar', length: 128, name: 'owner_user_id', nullable: true })
  ownerUserId!: string | null;

  /** scheduled | manual | test */
  @Column({ type: 'varchar', length: 16 })
  cause!: string;

  /** running | ok | error | stopped | interrupted */
  @Column({ type: 'varchar', length: 16 })
  status!: string;

  @Column({ type: 'datetime', name: 'started_at' })
  startedAt!: Date;

  @Column({ type: 'datetime', name: 'finished_at', nullable: true })
  finishedAt!: Date | null;

  @Column({ type: 'integer', name: 'notes_read', default: 0 })
  notesRead!: number;

  @Column({ type: 'integer', name: 'beliefs_written', default: 0 })
  beliefsWritten!: number;

  @Column({ type: 'integer', default: 0 })
  corroborated!: number;

  @Column({ type: 'integer', default: 0 })
  deduped!: number;

  @Column({ type: 'integer', name: 'dropped_no_quote', default: 0 })
  droppedNoQuote!: number;

  @Column({ type: 'integer', name: 'dropped_echo', default: 0 })
  droppedEcho!: number;

  @Column({ type: 'integer', name: 'claims_invalid', default: 0 })
  claimsInvalid!: number;

  @Column({ type: 'integer', name: 'note_failures', default: 0 })
  noteFailures!: number;

  @Column({ type: 'integer', name: 'notes_retired', default: 0 })
  notesRetired!: number;

  @Column({ type: 'integer', name: 'semantic_matches', default: 0 })
  semanticMatches!: number;

  @Column({ type: 'integer', name: 'semantic_fallbacks', default: 0 })
  semanticFallbacks!: number;

  @Column({ type: 'integer', default: 0 })
  contradictions!: number;

  @Column({ type: 'integer', default: 0 })
  promoted!: number;

  @Column({ type: 'integer', default: 0 })
  archived!: number;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ type: 'text', nullable: true })
  report!: string | null;
}
