// The household schema is what the areas declare: every entity and migration file in core belongs to exactly one
// area's entities.ts, the area's declaration names that same list, and the migrations run in release order.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { approvalsArea } from '../../../core/approvals/area.ts';
import { authArea } from '../../../core/auth/area.ts';
import { migrationStamp } from '../../../core/contracts/area-tables.ts';
import { dreamArea } from '../../../core/dream/area.ts';
import { conversationArea } from '../../../core/engine/area.ts';
import { matrixArea } from '../../../core/matrix/area.ts';
import { memoryArea } from '../../../core/memory/area.ts';
import { pluginsArea } from '../../../core/plugin/area.ts';
import { coreEntities, coreMigrations, coreTables } from '../../../core/schema/core-entities.ts';
import { workspacesArea } from '../../../core/workspaces/area.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const files = (dir: string, suffix: string) =>
  readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(suffix))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));

describe('core tables, as the areas declare them', () => {
  it('lists each area that owns tables once, and each area’s declaration names the same object', () => {
    const areas = [
      pluginsArea,
      authArea,
      conversationArea,
      workspacesArea,
      memoryArea,
      approvalsArea,
      matrixArea,
      dreamArea,
    ];
    assert.deepEqual(
      coreTables.map((t) => t.area),
      areas.map((a) => a.id),
    );
    for (const [i, area] of areas.entries()) assert.equal(area.tables, coreTables[i], area.id);
  });

  it('holds every entity class in core exactly once, in some area’s entities.ts', async () => {
    const declared = new Map<Function, string>();
    for (const t of coreTables)
      for (const e of t.entities) {
        assert.ok(!declared.has(e), `${e.name} is declared twice`);
        declared.set(e, t.area);
      }
    const entityFiles = files('core', '.entity.ts');
    assert.ok(entityFiles.length >= 25, `entity files: ${entityFiles.length}`);
    for (const file of entityFiles) {
      const classes = Object.values(await import(path.join(root, file))).filter(
        (v): v is Function => typeof v === 'function',
      );
      assert.ok(classes.length > 0, file);
      for (const c of classes)
        assert.ok(coreEntities.includes(c), `${file}: ${c.name} is in no area's entities.ts`);
    }
    assert.equal(coreEntities.length, declared.size);
  });

  it('runs every migration file under migrations/ once, oldest first, each declared by the area of its folder', async () => {
    const folderOf = new Map<string, string>([
      ['plugin', 'plugins'],
      ['engine', 'conversation'],
    ]);
    const migrationFiles = files('migrations', '.ts');
    assert.equal(coreMigrations.length, migrationFiles.length, 'a migration file that no area declares');
    for (const file of migrationFiles) {
      const [migration] = Object.values(await import(path.join(root, file))) as Function[];
      const folder = file.split('/')[1];
      const area = coreTables.find((t) => t.migrations.includes(migration));
      assert.equal(area?.area, folderOf.get(folder) ?? folder, `${file} belongs to ${folder}`);
    }
    const stamps = coreMigrations.map(migrationStamp);
    assert.deepEqual(
      stamps,
      [...stamps].sort((a, b) => a - b),
    );
    assert.equal(new Set(stamps).size, stamps.length, 'two migrations share a release time');
  });

  it('refuses a migration whose name carries no release time', () => {
    class AddWidgets {}
    assert.throws(() => migrationStamp(AddWidgets), /AddWidgets has no 13-digit timestamp/);
  });
});
