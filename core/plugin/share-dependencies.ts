// Lets a plugin outside the repository (config.pluginPaths) import what Quorra has: zod, typeorm, `quorra/plugin`.
import { existsSync, readFileSync } from 'node:fs';
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rootDir } from '../build-info.ts';

let registered = false;

/**
 * The packages the compiled build bundles and re-exports for outside plugins (`shared/packages.json`, written by
 * tools/build-dist.ts), as specifier → file URL: such a plugin must get the very copy Quorra runs (one zod, one
 * TypeORM), not a second one from node_modules. Empty under tsx, where Quorra itself imports from node_modules.
 */
function sharedPackages(): Record<string, string> {
  const manifest = path.join(rootDir, 'shared', 'packages.json');
  if (!existsSync(manifest)) return {};
  const files = JSON.parse(readFileSync(manifest, 'utf8')) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(files).map(([name, file]) => [
      name,
      pathToFileURL(path.join(rootDir, 'shared', file)).href,
    ]),
  );
}

/** Registers (once) a resolve hook: a bare import a plugin outside the repo cannot resolve is retried from Quorra's root. */
export function shareQuorraDependencies(roots: string[]): void {
  const inside = (p: string) => !path.relative(rootDir, p).startsWith('..');
  if (registered || roots.every(inside)) return;
  registered = true;
  // found from the root, not from this file: compiled, this module sits in a bundle chunk elsewhere
  register(pathToFileURL(path.join(rootDir, 'core/plugin/share-dependencies-hook.mjs')), {
    data: { root: pathToFileURL(`${rootDir}/`).href, shared: sharedPackages() },
  });
}
