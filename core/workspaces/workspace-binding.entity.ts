// A service bound to a workspace: which capability surface, what data window it sees, and the highest tier allowed.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('workspace_service_bindings')
@Index(['workspace', 'service'], { unique: true })
export class WorkspaceBinding {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 64 })
  workspace!: string;

  /** A scope name (general, finance, calendar, …). */
  @Column({ type: 'varchar', length: 64 })
  service!: string;

  /** Validated JSON describing what part of the service's data this workspace sees. */
  @Column({ type: 'simple-json', name: 'data_window_json' })
  dataWindow!: Record<string, unknown>;

  @Column({ type: 'integer', name: 'max_tier', default: 2 })
  maxTier!: number;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
