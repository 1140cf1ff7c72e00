// The layer check on the real import graph, and on graphs made to break each rule, so it can fail when a rule does.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { areaOf, importEdges, loopEdges, violations } from '../../tools/check-layers.ts';

const baseline = JSON.parse(
  readFileSync(new URL('../../tools/layers-baseline.json', import.meta.url), 'utf8'),
);

describe('layer check', () => {
  const report = violations(importEdges());

  it('finds no import from contracts into core, from core into plugins, of a migration by runtime code, or past quorra/plugin', () => {
    assert.deepEqual(report.migrationImports, []);
    assert.deepEqual(report.contractsImportCore, []);
    assert.deepEqual(report.coreImportsPlugins, []);
    assert.deepEqual(report.pluginsPastTheDoor, []);
  });

  it('finds no upward import, folder loop or migration import beyond the recorded debt', () => {
    for (const rule of ['upward', 'loops'] as const)
      assert.deepEqual(
        report[rule].filter((v) => !baseline[rule].includes(v)),
        [],
        rule,
      );
  });

  it('keeps the paid debt paid: no upward import or folder loop is recorded, and app.ts stays within its goal', () => {
    assert.deepEqual(baseline.upward, []);
    assert.deepEqual(baseline.loops, []);
    assert.deepEqual(report.upward, []);
    assert.deepEqual(report.loops, []);
    assert.ok(report.appLines <= 120, `core/app.ts has ${report.appLines} lines`);
  });

  it('names areas: the door, app.ts, loose files and folders', () => {
    assert.equal(areaOf('core/plugin/public-api.ts'), 'door');
    assert.equal(areaOf('core/app.ts'), 'app');
    // an area's declaration wires it into the app, so it stands on the app's floor; the area's own files do not
    assert.equal(areaOf('core/memory/area.ts'), 'app');
    assert.equal(areaOf('core/memory/memory-store.ts'), 'memory');
    assert.equal(areaOf('core/logger.ts'), '(root)');
    assert.equal(areaOf('core/matrix/outbox.ts'), 'matrix');
    assert.equal(areaOf('plugins/finance/index.ts'), 'plugins');
  });

  it('reports a loop between two areas, and no loop for a one-way import', () => {
    const down = { from: 'core/matrix/a.ts', to: 'core/db/b.ts' };
    assert.deepEqual(loopEdges([down]), []);
    assert.deepEqual(loopEdges([down, { from: 'core/db/c.ts', to: 'core/matrix/d.ts' }]), [
      'db -> matrix',
      'matrix -> db',
    ]);
  });

  it('reports an upward import, a core import of a plugin and a runtime import of a migration', () => {
    const v = violations([
      { from: 'core/db/x.ts', to: 'core/matrix/y.ts' },
      { from: 'core/cli/z.ts', to: 'plugins/diagnostics/index.ts' },
      { from: 'core/contracts/e.ts', to: 'core/logger.ts' },
      { from: 'core/memory/recall.ts', to: 'migrations/memory/1-x.ts' },
      { from: 'core/memory/index.ts', to: 'migrations/memory/1-x.ts' },
      { from: 'core/memory/entities.ts', to: 'migrations/memory/1-x.ts' },
    ]);
    assert.deepEqual(v.migrationImports, [
      'core/memory/recall.ts -> migrations/memory/1-x.ts',
      'core/memory/index.ts -> migrations/memory/1-x.ts',
    ]);
    assert.deepEqual(v.upward, ['core/db/x.ts -> core/matrix/y.ts', 'core/contracts/e.ts -> core/logger.ts']);
    assert.deepEqual(v.coreImportsPlugins, ['core/cli/z.ts -> plugins/diagnostics/index.ts']);
    assert.deepEqual(v.contractsImportCore, ['core/contracts/e.ts -> core/logger.ts']);
  });
});
