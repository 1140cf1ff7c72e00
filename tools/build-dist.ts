// Bundles the server (core, plugins, migrations) into ES modules in dist/ and copies what it reads at run time.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');

/**
 * Packages left in node_modules, each for a reason: native code or files found beside the package (better-sqlite3,
 * usearch, node-llama-cpp, sqlite-vec, the crypto WASM, pino's transport workers), loaded on first use so an idle
 * server never pays for them (openai, pg, the Qdrant client, tsdav, Actual, tsx, yaml, csv-parse, fake-indexeddb;
 * `core/lazy-require.ts`), or loaded by Quorra's own loader (matrix-bot-sdk: `core/matrix/load-matrix-sdk.ts`;
 * bundled on its own below).
 * Everything else a start imports is bundled: resolving, reading and linking ≈ 1,000 module files one by one was
 * most of a cold start.
 */
const external = [
  'better-sqlite3',
  'usearch',
  'node-llama-cpp',
  'sqlite-vec',
  '@matrix-org/*',
  'pino',
  'openai',
  'pg',
  '@qdrant/*',
  'tsdav',
  '@actual-app/api',
  'tsx',
  'tsx/*',
  'yaml',
  'csv-parse',
  'csv-parse/*',
  'fake-indexeddb',
  'fake-indexeddb/*',
  'matrix-bot-sdk',
];

/**
 * What a plugin outside the repository imports from Quorra (`core/plugin/share-dependencies.ts`): the bundled copy,
 * re-exported, so that it shares Quorra's one zod and one TypeORM (their registries, instanceof checks).
 */
const shared = ['zod', 'typeorm'];

/** A shared package's entry: its named exports listed, since a CommonJS package's cannot be re-exported with `*`. */
function sharedEntry(name: string): string {
  const mod = createRequire(path.join(root, 'package.json'))(name) as Record<string, unknown>;
  const names = Object.keys(mod).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
  return `import * as m from '${name}';\nexport const { ${names.join(', ')} } = m;\nexport default m.default ?? m;\n`;
}

const sharedEntries: Plugin = {
  name: 'quorra-shared-entries',
  setup(b) {
    b.onResolve({ filter: /^quorra-shared:/ }, (args) => ({
      path: args.path.slice(14),
      namespace: 'shared',
    }));
    b.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
      contents: sharedEntry(args.path),
      resolveDir: root,
    }));
  },
};

/**
 * TypeORM's driver factory requires every driver it knows (MySQL, Oracle, SQL Server, SAP, Spanner, MongoDB, the
 * mobile ones: 1.2 MB of JavaScript, all parsed and run at every start); Quorra speaks SQLite and PostgreSQL only
 * (its config accepts nothing else), so the others are left out, each replaced by a class that says so if built.
 */
const UNUSED_DRIVERS = [
  'aurora-mysql',
  'aurora-postgres',
  'capacitor',
  'cockroachdb',
  'cordova',
  'expo',
  'mongodb',
  'mysql',
  'nativescript',
  'oracle',
  'react-native',
  'sap',
  'spanner',
  'sqljs',
  'sqlserver',
];
const unusedDriver = new RegExp(`^\\./(${UNUSED_DRIVERS.join('|')})/(\\w+Driver)$`);

const onlyUsedDrivers: Plugin = {
  name: 'quorra-only-used-drivers',
  setup(b) {
    b.onResolve({ filter: unusedDriver }, (args) =>
      /[\\/]typeorm[\\/]driver[\\/]DriverFactory\.js$/.test(args.importer)
        ? { path: unusedDriver.exec(args.path)![2], namespace: 'unused-driver' }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'unused-driver' }, (args) => ({
      contents:
        `exports.${args.path} = class ${args.path} {\n` +
        `  constructor() { throw new Error('Quorra stores its data in SQLite or PostgreSQL only, not with ${args.path}'); }\n};\n`,
      loader: 'js',
    }));
  },
};

/** Every module that is imported by path at run time rather than from another module: each becomes an entry. */
function entryPoints(): Record<string, string> {
  const entries: Record<string, string> = {
    'core/cli/main': 'core/cli/main.ts',
    // `quorra/plugin` for outside plugins (package.json's exports)
    'core/plugin/public-api': 'core/plugin/public-api.ts',
  };
  for (const id of readdirSync(path.join(root, 'plugins'))) {
    if (existsSync(path.join(root, 'plugins', id, 'index.ts')))
      entries[`plugins/${id}/index`] = `plugins/${id}/index.ts`;
  }
  for (const name of shared) entries[`shared/${name}`] = `quorra-shared:${name}`;
  return entries;
}

/**
 * matrix-bot-sdk as one CommonJS file (dist/vendor/), which core/matrix/load-matrix-sdk.ts requires when it exists:
 * its index is ≈ 370 CommonJS files (request, its validators, psl, sanitize-html, …) loaded right after listening,
 * where the first /health waited behind them. What the loader stubs (the native crypto package, express, morgan,
 * lowdb) or hands over (Quorra's own sanitize-html) stays outside, and must resolve from dist/vendor/ to the very
 * file the loader puts in its place.
 */
async function bundleMatrixSdk(): Promise<void> {
  const stubbed = [
    '@matrix-org/matrix-sdk-crypto-nodejs',
    'express',
    'morgan',
    'lowdb',
    'lowdb/adapters/FileSync',
    'sanitize-html',
  ];
  const fromSdk = createRequire(createRequire(path.join(root, 'package.json')).resolve('matrix-bot-sdk'));
  const fromVendor = createRequire(path.join(dist, 'vendor', 'matrix-bot-sdk.cjs'));
  for (const name of stubbed) {
    if (fromSdk.resolve(name) !== fromVendor.resolve(name))
      throw new Error(`build: ${name} resolves to another copy from dist/vendor/ than from matrix-bot-sdk`);
  }
  await build({
    absWorkingDir: root,
    entryPoints: { 'vendor/matrix-bot-sdk': 'matrix-bot-sdk' },
    outdir: dist,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    external: [...stubbed, 'lowdb/*'],
    keepNames: true,
    // one script's source stays in the heap whole: without whitespace and with shorter syntax it is 1.7 MB
    // (identifiers kept, so its stack traces still name functions); measured with sanitize-html still inside,
    // 1.9 MB vs 2.9 MB unminified, heap +0.2 MB over the package's own files vs +1.2 MB
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
  });
}

// a fresh tree every time: a file deleted from the sources must not live on as stale JavaScript
rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: entryPoints(),
  outdir: dist,
  bundle: true,
  // shared code goes into chunks, so core, every plugin and the shared packages each exist once in the process;
  // a dynamic import() stays a separate chunk, loaded when it runs
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  external,
  plugins: [sharedEntries, onlyUsedDrivers],
  // TypeORM names tables and Quorra names errors after classes: bundling must not rename them
  keepNames: true,
  // bundled CommonJS calls require() for Node's built-ins and the external packages
  banner: {
    js: "import { createRequire as __quorraRequire } from 'node:module'; const require = __quorraRequire(import.meta.url);",
  },
  tsconfig: path.join(root, 'tsconfig.json'),
  logLevel: 'warning',
});
await bundleMatrixSdk();
mkdirSync(path.join(dist, 'shared'), { recursive: true });
writeFileSync(
  path.join(dist, 'shared/packages.json'),
  `${JSON.stringify(Object.fromEntries(shared.map((n) => [n, `${n}.js`])), null, 2)}\n`,
);

// dist/ is the running code's root (core/build-info.ts): it needs the same neighbours the sources have
const assets = ['prompts', 'core/plugin/share-dependencies-hook.mjs', 'plugins/README.md', 'admin-ui/dist'];
for (const asset of assets) {
  const from = path.join(root, asset);
  if (existsSync(from)) cpSync(from, path.join(dist, asset), { recursive: true });
}
// the same package.json, with `quorra/plugin` pointing at the compiled entry
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
pkg.exports = { ...pkg.exports, './plugin': './core/plugin/public-api.js' };
writeFileSync(path.join(dist, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
process.stdout.write(`build: bundled JavaScript in ${path.relative(process.cwd(), dist) || 'dist'}/\n`);
