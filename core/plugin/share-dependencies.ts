// Lets a plugin outside the repository (config.pluginPaths) import what Quorra has: zod, typeorm, `quorra/plugin`.
import { register } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rootDir } from '../build-info.ts';

let registered = false;

/** Registers (once) a resolve hook: a bare import a plugin outside the repo cannot resolve is retried from Quorra's root. */
export function shareQuorraDependencies(roots: string[]): void {
  const inside = (p: string) => !path.relative(rootDir, p).startsWith('..');
  if (registered || roots.every(inside)) return;
  registered = true;
  register(new URL('./share-dependencies-hook.mjs', import.meta.url), {
    data: { root: pathToFileURL(`${rootDir}/`).href },
  });
}
