// A memory: one durable belief Quorra acts on, sealed by owner user and workspace, with its lifecycle columns.
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { Importance, MemoryKind, Provenance, StabilityTier } from './memory-input.ts';

@Entity('memories')
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

  @Column({ type: 'simple-json' })
  tags!: string[];

  @Column({ type: 'real' })
  confidence!: number;

  @Column({ type: 'varchar', length: 16 })
  stability!: StabilityTier;

  @Column({ type: 'varchar', length: 24 })
  provenance!: Provenance;

  @Column({ type: 'simple-json', name: 'source_note_ids' })
  sourceNoteIds!: number[];

  @Column({ type: 'text', nullable: true })
  quote!: string | null;

  @Column({ type: 'datetime', name: 'expires_at', nullable: true })
  expiresAt!: Date | null;

  @Column({ type: 'boolean', name: 'surface_once' })
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

  @Column({ type: 'integer', name: 'reference_count' })
  referenceCount!: number;

  @Column({ type: 'datetime', name: 'last_referenced_at', nullable: true })
  lastReferencedAt!: Date | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
