// plugins/README.md shows the worked example's files complete: each block is its fixture file, byte for byte.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

const guide = readFileSync(new URL('../../plugins/README.md', import.meta.url), 'utf8');
const fixture = new URL('../fixtures/guide-plugins/chores/', import.meta.url);
const files = [
  'chore.entity.ts',
  'migrations/1765000000000-create-chores.ts',
  'tools/chore-tools.ts',
  'index.ts',
];

describe('plugin guide', () => {
  for (const file of files) {
    it(`shows ${file} as it is in the fixture`, () => {
      const text = readFileSync(new URL(file, fixture), 'utf8').trimEnd();
      assert.ok(
        guide.includes(`\`\`\`ts\n// ${file}\n${text}\n\`\`\``),
        `${file} differs from its block in the guide`,
      );
    });
  }

  it('imports Quorra in the example only through quorra/plugin', () => {
    const imports = [...guide.matchAll(/from '([^']+)'/g)].map((m) => m[1]);
    assert.ok(imports.includes('quorra/plugin'));
    assert.deepEqual(
      imports.filter((i) => i.includes('core/')),
      [],
    );
  });

  it('keeps the worked example within 100 lines', () => {
    const lines = files.reduce(
      (n, f) => n + readFileSync(new URL(f, fixture), 'utf8').trimEnd().split('\n').length,
      0,
    );
    assert.ok(lines <= 100, `${lines} lines`);
  });
});
