// Finds plugin folders and imports their definitions; a folder that cannot load is reported, not fatal.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PluginDefinition } from './define-plugin.ts';

/** A plugin folder whose definition loaded. */
export interface LoadedPlugin {
  id: string;
  dir: string;
  definition: PluginDefinition;
}

/** A plugin folder that could not be used, with a coded reason. */
export interface PluginLoadFailure {
  id: string;
  dir: string;
  code: string;
  message: string;
}

/** Imports `<dir>/<id>/index.ts` for every folder under the given roots; later roots cannot shadow earlier ids. */
export async function loadPlugins(
  roots: string[],
): Promise<{ plugins: LoadedPlugin[]; failures: PluginLoadFailure[] }> {
  const plugins: LoadedPlugin[] = [];
  const failures: PluginLoadFailure[] = [];
  for (const root of roots) {
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root).sort()) {
      const dir = path.join(root, name);
      if (!statSync(dir).isDirectory()) continue;
      const entry = ['index.ts', 'index.js'].map((f) => path.join(dir, f)).find(existsSync);
      if (!entry) continue;
      const fail = (code: string, message: string) => failures.push({ id: name, dir, code, message });
      if (plugins.some((p) => p.id === name)) {
        fail('QUORRA_PLUGIN_DUPLICATE_ID', `plugin "${name}" exists in more than one plugin folder`);
        continue;
      }
      try {
        const mod = await import(pathToFileURL(entry).href);
        const definition = mod.default as PluginDefinition | undefined;
        if (!definition || typeof definition.activate !== 'function') {
          fail('QUORRA_PLUGIN_INVALID', `${entry} does not default-export definePlugin({...})`);
        } else if (definition.id !== name) {
          fail('QUORRA_PLUGIN_ID_MISMATCH', `plugin in folder "${name}" declares id "${definition.id}"`);
        } else {
          plugins.push({ id: name, dir, definition });
        }
      } catch (err) {
        fail('QUORRA_PLUGIN_LOAD_FAILED', `could not load ${entry}: ${(err as Error).message}`);
      }
    }
  }
  return { plugins, failures };
}
