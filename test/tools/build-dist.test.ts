// `npm start` runs compiled JavaScript: the build makes a complete dist/ and the compiled server serves /health.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../support/boot-app.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));
const main = path.join(root, 'dist/core/cli/main.js');

/** Every file under a folder, relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

describe('compiled build (npm run build)', function () {
  // a whole tsc run and a Node process booting every plugin; a loaded machine needs minutes
  this.timeout(300_000);
  let dir: string;
  before(() => {
    const build = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'tools/build-dist.ts')], {
      cwd: root,
      encoding: 'utf8',
    });
    assert.equal(build.status, 0, build.stderr);
    dir = tempDir('quorra-dist-');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('holds JavaScript for every source file, and the prompts and package.json it reads', () => {
    const sources = filesUnder(path.join(root, 'core')).filter((f) => f.endsWith('.ts'));
    const compiled = new Set(filesUnder(path.join(root, 'dist/core')));
    assert.deepEqual(
      sources.filter((f) => !compiled.has(f.replace(/\.ts$/, '.js'))),
      [],
    );
    assert.ok(![...compiled].some((f) => f.endsWith('.ts')));
    assert.ok(existsSync(path.join(root, 'dist/prompts/tasks/dream-extraction-batch.md')));
    assert.ok(existsSync(path.join(root, 'dist/package.json')));
    assert.ok(existsSync(path.join(root, 'dist/plugins/calendar/index.js')));
  });

  it('serves /health with every plugin, without tsx, and stops on SIGTERM', async () => {
    const child = spawn(process.execPath, [main, 'serve'], {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        QUORRA_DATA_DIR: dir,
        QUORRA_PORT: '0',
        QUORRA_LOG_LEVEL: 'info',
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      },
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          out += d;
          const m = /listening on (http:\/\/[^"\s]+)/.exec(out);
          if (m) resolve(m[1]);
        });
        child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      assert.equal((await fetch(`${url}/health`)).status, 200);
      assert.doesNotMatch(out, /QUORRA_PLUGIN_/, 'every plugin loaded from dist/');
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
