// A member's grant to use a workspace: one row per (workspace, person); owners need none, they reach every workspace.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('workspace_members')
@Index(['workspace', 'userId'], { unique: true })
export class WorkspaceMember {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 64 })
  workspace!: string;

  @Column({ type: 'varchar', length: 64, name: 'user_id' })
  userId!: string;

  /** The owner who granted it (null for the migration's grants that kept a household's earlier reach). */
  @Column({ type: 'varchar', length: 64, name: 'granted_by', nullable: true })
  grantedBy!: string | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
