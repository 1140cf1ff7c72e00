// A workspace's stored Dream switches; NULL means "use the environment default" for that switch.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('dream_settings')
export class DreamSetting {
  /** A workspace slug, or `personal` for the personal/household context. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  workspace!: string;

  @Column({ type: 'boolean', name: 'allow_llm_text', nullable: true })
  allowLlmText!: boolean | null;

  @Column({ type: 'boolean', nullable: true })
  enrolled!: boolean | null;

  @Column({ type: 'boolean', name: 'semantic_dedup', nullable: true })
  semanticDedup!: boolean | null;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;

  @Column({ type: 'varchar', length: 64, name: 'updated_by', nullable: true })
  updatedBy!: string | null;
}
