// The engine session a member is in, per (room, user, workspace); `!quorra forget` replaces it.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('matrix_room_sessions')
@Index(['roomId', 'userId', 'workspaceKey'], { unique: true })
export class RoomSessionRow {
  @PrimaryColumn({ type: 'varchar', length: 36, name: 'session_id' })
  sessionId!: string;

  @Column({ type: 'varchar', length: 255, name: 'room_id' })
  roomId!: string;

  @Column({ type: 'varchar', length: 64, name: 'user_id' })
  userId!: string;

  /** Workspace slug, or '' for personal chat (a NOT NULL key keeps the unique index strict). */
  @Column({ type: 'varchar', length: 64, name: 'workspace_key' })
  workspaceKey!: string;

  /** The scope the session was started with (NULL: derived by the workspace). */
  @Column({ type: 'simple-json', name: 'scope_json', nullable: true })
  scope!: string[] | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
