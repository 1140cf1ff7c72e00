// One embedded chunk in the embedded vector store: its origin, text and packed Float32 vector.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('knowledge_chunk')
@Index('idx_knowledge_chunk_collection', ['collection'])
@Index('idx_knowledge_chunk_path', ['path'])
export class VectorChunk {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 300 })
  collection!: string;

  @Column({ type: 'varchar', length: 1024 })
  path!: string;

  @Column({ type: 'integer' })
  ordinal!: number;

  @Column({ type: 'varchar', length: 16 })
  kind!: string;

  @Column({ type: 'varchar', length: 500, nullable: true })
  title!: string | null;

  /** The heading trail as a JSON array of strings. */
  @Column({ type: 'text' })
  headings!: string;

  @Column({ type: 'integer', name: 'line_start' })
  lineStart!: number;

  @Column({ type: 'integer', name: 'line_end' })
  lineEnd!: number;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'integer' })
  dimensions!: number;

  /** Float32 little-endian, `dimensions` values, unit length. */
  @Column({ type: 'blob' })
  vector!: Buffer;
}
