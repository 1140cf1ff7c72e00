// Adds plugin_state.settings_json: settings the owner saves in the admin UI (null keeps the config file's).
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { addEntityColumns } from '../../core/db/entity-tables.ts';
import { PluginState } from '../../core/plugin/plugin-state.entity.ts';

/** Additive: one nullable column; existing plugins keep reading their settings from config. */
export class AddPluginSettings1764900000000 implements MigrationInterface {
  name = 'AddPluginSettings1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await addEntityColumns(q, PluginState, ['settings']);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('plugin_state', 'settings_json');
  }
}
