// Which plugins are enabled and the settings the owner saved, stored so the admin UI can change them without a restart.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('plugin_state')
export class PluginState {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'boolean' })
  enabled!: boolean;

  /** Settings saved from the admin UI; they replace the config file's `plugins.<id>.settings` (null: use the file). */
  @Column({ type: 'simple-json', name: 'settings_json', nullable: true })
  settings!: Record<string, unknown> | null;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
