// What the indexer last did with one vault file: its content hash, collections and chunk count.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('knowledge_file')
// Moved or copied files are found by their content (see moved-vectors.ts).
@Index('idx_knowledge_file_hash', ['hash'])
export class IndexedFile {
  /** Vault-relative, forward slashes. */
  @PrimaryColumn({ type: 'varchar', length: 1024 })
  path!: string;

  /** sha256 of the raw bytes; unchanged hash + embedder + collections means nothing to do. */
  @Column({ type: 'varchar', length: 64 })
  hash!: string;

  /** JSON array of the collections the file's chunks were written to. */
  @Column({ type: 'text' })
  collections!: string;

  @Column({ type: 'integer' })
  chunks!: number;

  @Column({ type: 'varchar', length: 200 })
  embedder!: string;

  @Column({ type: 'integer' })
  size!: number;

  @Column({ type: 'varchar', length: 500, nullable: true })
  title!: string | null;

  @Column({ type: 'boolean', name: 'guest_visible' })
  guestVisible!: boolean;

  @Column({ type: 'datetime', name: 'indexed_at' })
  indexedAt!: Date;
}
