// One turn request type and one door into the engine: Matrix, /chat and plugins all go through Turns.run.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** Files (outside `allowed`) whose text matches `pattern`. */
function offenders(pattern: RegExp, allowed: string[]): string[] {
  return [...sources('core'), ...sources('plugins')].filter(
    (f) => !allowed.includes(f) && pattern.test(readFileSync(path.join(root, f), 'utf8')),
  );
}

describe('the one door into the engine', () => {
  it('has nothing but Turns call the engine’s handle', () => {
    assert.deepEqual(offenders(/\bengine\.handle\(/, ['core/engine/turns.ts']), []);
  });

  it('declares the turn request once, on the ground floor', () => {
    assert.deepEqual(
      offenders(/\binterface \w*Turn(Request|Call)\b/, ['core/contracts/turn-request.ts']),
      [],
    );
  });

  it('would see a second door (the check measures what it guards)', () => {
    assert.ok(/\bengine\.handle\(/.test('const r = await this.engine.handle(req);'));
    assert.ok(/\binterface \w*Turn(Request|Call)\b/.test('export interface SurfaceTurnCall extends X {'));
  });
});
