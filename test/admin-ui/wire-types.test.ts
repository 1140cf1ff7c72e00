// One source for wire types: the admin UI's types are the routes' zod schemas, so a changed response fails the UI's
// type check. Proved on a fixture (a schema and a UI module typed from it, as admin-ui/src/data/*.ts are), and by
// checking no data module declares a reply interface of its own again.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from '../../core/build-info.ts';

const fixture = path.join(rootDir, 'test', 'admin-ui', 'fixtures', 'wire-types');

/** Runs tsc over the fixture copy in `dir` (inside the repo, so zod resolves from its node_modules). */
function typeCheck(dir: string): { ok: boolean; output: string } {
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        noEmit: true,
        allowImportingTsExtensions: true,
        skipLibCheck: true,
        types: [],
      },
      files: ['ui-data.ts'],
    }),
  );
  const run = spawnSync(
    process.execPath,
    [path.join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir],
    {
      encoding: 'utf8',
    },
  );
  return { ok: run.status === 0, output: `${run.stdout}${run.stderr}` };
}

describe('admin UI wire types from the routes’ schemas', () => {
  let dir: string;
  beforeEach(() => {
    mkdirSync(path.join(rootDir, 'test-output'), { recursive: true });
    dir = mkdtempSync(path.join(rootDir, 'test-output', 'wire-types-'));
    cpSync(fixture, dir, { recursive: true });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('type-checks while the UI reads the reply as the schema says', function () {
    this.timeout(60_000);
    const result = typeCheck(dir);
    assert.ok(result.ok, result.output);
  });

  it('fails the type check when the route’s response changes incompatibly', function () {
    this.timeout(60_000);
    const schema = path.join(dir, 'route-schema.ts');
    writeFileSync(
      schema,
      readFileSync(schema, 'utf8').replace('sessionId: z.string()', 'sessionId: z.number()'),
    );
    const result = typeCheck(dir);
    assert.equal(result.ok, false, 'tsc accepted a changed reply');
    assert.match(result.output, /ui-data\.ts.*toUpperCase/s);
  });

  it('leaves no hand-written reply types in any data module', () => {
    const dataDir = path.join(rootDir, 'admin-ui', 'src', 'data');
    const modules = readdirSync(dataDir).filter((f) => /^[a-z-]+\.ts$/.test(f));
    for (const file of modules) {
      const text = readFileSync(path.join(dataDir, file), 'utf8');
      if (file === 'api-client.ts' || !/apiRequest</.test(text)) continue;
      assert.match(
        text,
        /import type \{[^}]+\} from '\.\.\/\.\.\/\.\.\/(core|plugins)\//,
        `${file} types from a route`,
      );
      // a reply typed in place (an object literal, an untyped record) is a copy the schema cannot check
      assert.doesNotMatch(
        text,
        /apiRequest<\s*(\{|Obj\b|unknown\b|Record<|any\b)/,
        `${file} types a reply by hand`,
      );
    }
    const inspector = readFileSync(path.join(dataDir, 'inspector.ts'), 'utf8');
    assert.ok(!/export interface/.test(inspector), 'inspector.ts declares no reply interface');
    assert.ok(readdirSync(dataDir).length > 5);
  });
});
