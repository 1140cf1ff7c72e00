// `npm run check:layers`: core's import graph keeps its floors; a rule broken anew fails, the known debt is listed.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const baselineFile = path.join(root, 'tools', 'layers-baseline.json');

/**
 * Core's floors, lowest first: a file may import its own area and any lower floor. `app` wires the areas and the
 * CLI runs it; `door` is quorra/plugin (core/plugin/public-api.ts), the facade plugins see, above every area.
 */
export const floors: Record<string, number> = {
  contracts: 0,
  '(root)': 1,
  text: 1,
  metrics: 1,
  config: 2,
  db: 3,
  scheduler: 4,
  model: 4,
  health: 4,
  auth: 5,
  sessions: 5,
  workspaces: 6,
  memory: 6,
  engine: 7,
  approvals: 7,
  dream: 8,
  plugin: 8,
  matrix: 9,
  http: 9,
  'mcp-server': 9,
  admin: 9,
  // the whole household database (every area's tables and migrations, and the plugins'): what a backup copies
  schema: 9,
  backup: 9,
  app: 10,
  door: 10,
  cli: 11,
};

/** The area a repo path belongs to: `core/<area>`, `app`, `door`, `(root)` for core's loose files, or its top folder. */
export function areaOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] !== 'core') return parts[0];
  if (file === 'core/plugin/public-api.ts') return 'door';
  // an area's declaration (core/<area>/area.ts) wires that area into the app, as a plugin's index.ts does: app.ts
  // lists the declarations, so they stand on the app's floor and may reach every area they wire together
  if (parts.length === 3 && parts[2] === 'area.ts') return 'app';
  // app.ts and what it alone lists (app-area.ts: what an area declares) wire the areas together
  if (parts.length === 2) return /^core\/app(-[a-z-]+)?\.ts$/.test(file) ? 'app' : '(root)';
  return parts[1];
}

export interface Edge {
  from: string;
  to: string;
}

const specifier = /(?:from\s*|import\s*\(\s*)['"]((?:\.{1,2}\/[^'"]+)|quorra\/plugin)['"]/g;

function tsFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** Every relative import (and `quorra/plugin`) in core, plugins and migrations, as repo paths. */
export function importEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const from of ['core', 'plugins', 'migrations'].flatMap(tsFiles)) {
    for (const m of readFileSync(path.join(root, from), 'utf8').matchAll(specifier)) {
      const to =
        m[1] === 'quorra/plugin'
          ? 'core/plugin/public-api.ts'
          : path.posix.normalize(path.posix.join(path.posix.dirname(from), m[1]));
      edges.push({ from, to });
    }
  }
  return edges;
}

/** Folder edges between core areas that lie on a loop (Tarjan's strongly connected components). */
export function loopEdges(edges: Edge[]): string[] {
  const graph = new Map<string, Set<string>>();
  for (const e of edges) {
    const [a, b] = [areaOf(e.from), areaOf(e.to)];
    if (!e.from.startsWith('core/') || !e.to.startsWith('core/') || a === b) continue;
    graph.set(a, (graph.get(a) ?? new Set()).add(b));
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const component = new Map<string, number>();
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (!component.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        component.set(w, index.get(v)!);
        if (w === v) break;
      }
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  const looped: string[] = [];
  for (const [a, targets] of graph)
    for (const b of targets) if (component.get(a) === component.get(b)) looped.push(`${a} -> ${b}`);
  return looped.sort();
}

/**
 * The only files that may import migrations: an area's table declaration (`core/<area>/entities.ts`), from which the
 * schema builds the whole list; runtime code, area.ts and app.ts never do.
 */
const declaration = /^core\/[a-z-]+\/entities\.ts$/;

/** What the graph breaks, per rule; the first four must be empty, the rest may not grow past the baseline. */
export function violations(edges: Edge[]) {
  const key = (e: Edge) => `${e.from} -> ${e.to}`;
  const core = (p: string) => p.startsWith('core/');
  return {
    contractsImportCore: edges
      .filter((e) => e.from.startsWith('core/contracts/') && core(e.to) && areaOf(e.to) !== 'contracts')
      .map(key),
    coreImportsPlugins: edges.filter((e) => core(e.from) && e.to.startsWith('plugins/')).map(key),
    pluginsPastTheDoor: edges
      .filter((e) => e.from.startsWith('plugins/') && core(e.to) && areaOf(e.to) !== 'door')
      .map(key),
    upward: edges
      .filter((e) => core(e.from) && core(e.to) && areaOf(e.from) !== areaOf(e.to))
      .filter((e) => floors[areaOf(e.from)] < floors[areaOf(e.to)])
      .map(key),
    migrationImports: edges
      .filter((e) => core(e.from) && e.to.startsWith('migrations/') && !declaration.test(e.from))
      .map(key),
    loops: loopEdges(edges),
    appLines: readFileSync(path.join(root, 'core/app.ts'), 'utf8').split('\n').length - 1,
  };
}

type Report = ReturnType<typeof violations>;
type Debt = Pick<Report, 'upward' | 'loops' | 'appLines'>;

/** The goals of issue #35, which the baseline must reach before its lists can go. */
const goals = { upward: 5, appLines: 120 };

function main(): number {
  const report = violations(importEdges());
  if (process.argv.includes('--write-baseline')) {
    const { upward, loops, appLines } = report;
    writeFileSync(baselineFile, `${JSON.stringify({ upward, loops, appLines }, null, 2)}\n`);
  }
  const baseline = JSON.parse(readFileSync(baselineFile, 'utf8')) as Debt;
  const problems: string[] = [];
  for (const rule of [
    'contractsImportCore',
    'coreImportsPlugins',
    'pluginsPastTheDoor',
    'migrationImports',
  ] as const)
    for (const v of report[rule]) problems.push(`${rule}: ${v}`);
  for (const rule of ['upward', 'loops'] as const) {
    const known = new Set(baseline[rule]);
    for (const v of report[rule]) if (!known.has(v)) problems.push(`${rule} (new): ${v}`);
  }
  if (report.appLines > Math.max(baseline.appLines, goals.appLines))
    problems.push(
      `core/app.ts has ${report.appLines} lines (baseline ${baseline.appLines}, goal ${goals.appLines})`,
    );
  const stale = (['upward', 'loops'] as const).flatMap((r) =>
    baseline[r].filter((v) => !report[r].includes(v)).map((v) => `${r}: ${v}`),
  );
  console.log(
    `layers: ${report.upward.length} upward imports (goal ≤ ${goals.upward}), ${report.loops.length} folder edges on loops, ` +
      `${report.migrationImports.length} migration imports outside the areas' declarations, app.ts ${report.appLines} lines (goal ≤ ${goals.appLines})`,
  );
  if (stale.length)
    console.log(`fixed since the baseline (run with --write-baseline):\n  ${stale.join('\n  ')}`);
  if (problems.length) console.error(`layer check failed:\n  ${problems.join('\n  ')}`);
  return problems.length ? 1 : 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main();
