// Boot check: settings under `plugins.<id>` must name an installed plugin (a misspelt id would be ignored silently).
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import type { LoadedPlugin, PluginLoadFailure } from './plugin-loader.ts';

/** Throws QUORRA_PLUGIN_SETTINGS_UNKNOWN naming the ids and the installed plugins. */
export function checkPluginSettings(
  config: QuorraConfig,
  found: { plugins: LoadedPlugin[]; failures: PluginLoadFailure[] },
): void {
  const installed = new Set([...found.plugins, ...found.failures].map((p) => p.id));
  const unknown = Object.keys(config.plugins).filter((id) => !installed.has(id));
  if (unknown.length)
    throw new QuorraError(
      'QUORRA_PLUGIN_SETTINGS_UNKNOWN',
      `config has settings for ${unknown.map((id) => `"${id}"`).join(', ')}, which is not an installed plugin; installed: ${[...installed].sort().join(', ')}`,
      { unknown, installed: [...installed].sort() },
    );
}
