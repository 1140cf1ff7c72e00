// Finds plugin folders and imports their definitions; a folder that cannot load is reported, not fatal.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rootDir } from '../build-info.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { PluginTables } from '../db/open-database.ts';
import type { PluginDefinition } from './define-plugin.ts';
import { shareQuorraDependencies } from './share-dependencies.ts';

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

/** Where plugins are found: the bundled folder first, then the configured `pluginPaths`. */
export function pluginRoots(config: Pick<QuorraConfig, 'pluginPaths'>): string[] {
  return [path.join(rootDir, 'plugins'), ...config.pluginPaths.map((p) => path.resolve(p))];
}

/** Each loaded plugin's entities and migrations, as openDatabase takes them. */
export function pluginTables(plugins: LoadedPlugin[]): PluginTables[] {
  return plugins.map((p) => ({
    id: p.id,
    entities: (p.definition.entities ?? []) as Function[],
    migrations: (p.definition.migrations ?? []) as Function[],
  }));
}

let tsx: Promise<unknown> | undefined;

/**
 * Compiled Quorra (dist/, what `npm start` runs) still loads a plugin written in TypeScript, such as one from
 * `pluginPaths`: tsx is registered the first time one is met. Under tsx already, this is a no-op.
 */
function typescriptLoader(): Promise<unknown> {
  if (import.meta.url.endsWith('.ts')) return Promise.resolve();
  tsx ??= import('tsx/esm/api').then(({ register }) => register());
  return tsx;
}

/** Imports `<dir>/<id>/index.ts` for every folder under the given roots; later roots cannot shadow earlier ids. */
export async function loadPlugins(
  roots: string[],
): Promise<{ plugins: LoadedPlugin[]; failures: PluginLoadFailure[] }> {
  const plugins: LoadedPlugin[] = [];
  const failures: PluginLoadFailure[] = [];
  shareQuorraDependencies(roots);
  for (const root of roots) {
    if (!existsSync(root)) continue;
    for (const name of readdirSync(root).sort()) {
      const dir = path.join(root, name);
      if (!statSync(dir).isDirectory()) continue;
      const entry = ['index.ts', 'index.js'].map((f) => path.join(dir, f)).find(existsSync);
      if (!entry) continue;
      const fail = (code: string, message: string) => failures.push({ id: name, dir, code, message });
      const first = plugins.findIndex((p) => p.id === name);
      if (first >= 0) {
        // neither copy runs: which one was meant is the owner's call, not folder order's
        const [taken] = plugins.splice(first, 1);
        fail('QUORRA_PLUGIN_DUPLICATE_ID', `plugin "${name}" is in two folders: ${taken.dir} and ${dir}`);
        continue;
      }
      try {
        if (entry.endsWith('.ts')) await typescriptLoader();
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
        const e = err as NodeJS.ErrnoException;
        const missing =
          e.code === 'ERR_MODULE_NOT_FOUND'
            ? /Cannot find (?:package|module) '([^']+)'/.exec(e.message)?.[1]
            : undefined;
        fail(
          missing ? 'QUORRA_PLUGIN_MISSING_MODULE' : 'QUORRA_PLUGIN_LOAD_FAILED',
          missing
            ? `could not load ${entry}: it needs "${missing}", which neither the plugin's folder nor Quorra provides (npm install it beside the plugin)`
            : `could not load ${entry}: ${e.message || e.code || String(err)}${/require\(\)? (of )?ES Module|require\(esm\)/i.test(e.message ?? '') ? ' (outside Quorra, give the plugin folder a package.json with "type": "module")' : ''}`,
        );
      }
    }
  }
  return { plugins, failures };
}
