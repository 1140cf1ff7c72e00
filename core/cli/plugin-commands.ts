// The `quorra <name>` subcommands the bundled plugins contribute (their definitions' `cli`), found by loading them.
import type { PluginCliCommand } from '../plugin/define-plugin.ts';
import { loadPlugins, pluginRoots } from '../plugin/plugin-loader.ts';

/** Every bundled plugin's subcommands; a plugin that fails to load contributes none (the server reports it). */
export async function pluginCliCommands(): Promise<PluginCliCommand[]> {
  const { plugins } = await loadPlugins(pluginRoots({ pluginPaths: [] }));
  return plugins.flatMap((p) => p.definition.cli ?? []);
}
