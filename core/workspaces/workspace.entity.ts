// A workspace: a sealed context (household, a project, a rental property) with its own vault folder and room.
import { Column, Entity, PrimaryColumn } from 'typeorm';

export type WorkspaceKind = 'personal' | 'household' | 'hosting';

@Entity('workspaces')
export class Workspace {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  slug!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  @Column({ type: 'varchar', length: 16 })
  kind!: WorkspaceKind;

  /** The one Matrix room this workspace lives in, if any. */
  @Column({ type: 'varchar', length: 255, name: 'matrix_room_id', nullable: true, unique: true })
  matrixRoomId!: string | null;

  @Column({ type: 'varchar', length: 1024, name: 'data_dir' })
  dataDir!: string;

  /** Persona ids this workspace offers (e.g. guest-concierge for a hosting workspace). */
  @Column({ type: 'simple-json' })
  personas!: string[];

  @Column({ type: 'varchar', length: 64, name: 'created_by', nullable: true })
  createdBy!: string | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
