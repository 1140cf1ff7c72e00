// Which plugins are enabled, stored so the admin UI can toggle them without a restart.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('plugin_state')
export class PluginState {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
