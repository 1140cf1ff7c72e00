// A conversation: who it belongs to, its locked scope, origin, persona, purpose and active mode.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('sessions')
@Index(['userId', 'updatedAt'])
export class Session {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** NULL for a guest (reservation) session. */
  @Column({ type: 'varchar', length: 64, name: 'user_id', nullable: true })
  userId!: string | null;

  @Column({ type: 'varchar', length: 128, name: 'reservation_id', nullable: true })
  reservationId!: string | null;

  /** Workspace slug; NULL is personal chat. */
  @Column({ type: 'varchar', length: 64, nullable: true })
  workspace!: string | null;

  @Column({ type: 'varchar', length: 32 })
  persona!: string;

  /** NULL until the scope is committed (pre-commit sessions get no tools). */
  @Column({ type: 'simple-json', name: 'scope_json', nullable: true })
  scope!: string[] | null;

  @Column({ type: 'varchar', length: 32, nullable: true })
  origin!: string | null;

  @Column({ type: 'text', nullable: true })
  purpose!: string | null;

  @Column({ type: 'varchar', length: 64, name: 'active_mode', nullable: true })
  activeMode!: string | null;

  /** True from mode activation until the first turn that injected its entry context. */
  @Column({ type: 'boolean', name: 'mode_entry_pending', default: false })
  modeEntryPending!: boolean;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
