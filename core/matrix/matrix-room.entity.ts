// A Matrix room mapped to a workspace and/or a scope list (seeded from config, edited by the owner).
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('matrix_rooms')
export class MatrixRoom {
  @PrimaryColumn({ type: 'varchar', length: 255, name: 'room_id' })
  roomId!: string;

  /** Workspace slug; NULL means personal chat. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  workspace!: string | null;

  /** Scope a new session in this room locks to; NULL derives it (workspace bindings, else general). */
  @Column({ type: 'simple-json', name: 'scope_json', nullable: true })
  scope!: string[] | null;

  @Column({ type: 'varchar', length: 64, name: 'updated_by', nullable: true })
  updatedBy!: string | null;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
