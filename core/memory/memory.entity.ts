// A memory: one durable belief Quorra acts on, sealed by owner user and workspace, with its lifecycle columns.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import type { Importance, MemoryKind, Provenance, StabilityTier } from './memory-input.ts';

@Entity('memories')
// Each branch of the seal predicate (workspace, owner) plus importance = 'core' for prompt injection.
@Index('idx_memories_slice', ['workspace', 'ownerUserId', 'importance'])
@Index('idx_memories_surface', ['workspace', 'ownerUserId', 'surfaceOnce'])
// Partial, for the nightly purge and expiry sweep: a full index on archived_at would tempt the planner
// to answer sealed reads through `archived_at IS NULL`, which matches nearly every row.
@Index('idx_memories_archived_at', ['archivedAt'], { where: 'archived_at IS NOT NULL' })
@Index('idx_memories_expires_at', ['expiresAt'], { where: 'expires_at IS NOT NULL' })
export class Memory {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'text' })
  content!: string;

  /** Null means household-wide (every member sees it in this workspace or personal context). */
  @Column({ type: 'varchar', length: 128, name: 'owner_user_id', nullable: true })
  ownerUserId!: string | null;

  /** Null means personal/household context rather than a workspace. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  workspace!: string | null;

  @Column({ type: 'varchar', length: 16 })
  importance!: Importance;

  @Column({ type: 'varchar', length: 16 })
  kind!: MemoryKind;

  @Column({ type: 'simple-json', default: '[]' })
  tags!: string[];

  @Column({ type: 'real' })
  confidence!: number;

  @Column({ type: 'varchar', length: 16 })
  stability!: StabilityTier;

  @Column({ type: 'varchar', length: 24 })
  provenance!: Provenance;

  @Column({ type: 'simple-json', name: 'source_note_ids', default: '[]' })
  sourceNoteIds!: number[];

  @Column({ type: 'text', nullable: true })
  quote!: string | null;

  @Column({ type: 'datetime', name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  @Column({ type: 'boolean', name: 'surface_once', default: false })
  surfaceOnce!: boolean;

  @Column({ type: 'datetime', name: 'surfaced_at', nullable: true })
  surfacedAt!: Date | null;

  @Column({ type: 'datetime', name: 'archived_at', nullable: true })
  archivedAt!: Date | null;

  /** End of validity when a later belief superseded this one; the row stays for history. */
  @Column({ type: 'datetime', name: 'valid_until', nullable: true })
  validUntil!: Date | null;

  @Column({ type: 'integer', name: 'superseded_by', nullable: true })
  supersededBy!: number | null;

  @Column({ type: 'integer', name: 'reference_count', default: 0 })
  referenceCount!: number;

  @Column({ type: 'datetime', name: 'last_referenced_at', nullable: true })
  lastReferencedAt!: Date | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
