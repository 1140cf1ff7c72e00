// Loads a package the first time it is used instead of at start-up, synchronously, for APIs that must stay sync.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A getter that requires `specifier` on its first call and returns the same module ever after. For a package an
 * idle server may never need (its CommonJS build: the ESM one cannot be loaded synchronously); a package that is
 * always needed is imported as usual.
 */
export function lazyRequire<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= require(specifier) as T;
    return loaded;
  };
}
