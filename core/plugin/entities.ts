// The plugin host's table (each plugin's enabled state and settings) and its migrations.
import { CreatePluginState1764460800000 } from '../../migrations/plugin/1764460800000-create-plugin-state.ts';
import { AddPluginSettings1764900000000 } from '../../migrations/plugin/1764900000000-add-plugin-settings.ts';
import { defineTables } from '../contracts/area-tables.ts';
import { PluginState } from './plugin-state.entity.ts';

export const pluginHostTables = defineTables({
  area: 'plugins',
  entities: [PluginState],
  migrations: [CreatePluginState1764460800000, AddPluginSettings1764900000000],
});
