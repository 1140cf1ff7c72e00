// The admin UI's own modules break its type check when a real route's response schema changes: tsc runs over the
// UI in a copy of the repo's sources where each schema file has one field changed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from '../../core/build-info.ts';

/** One incompatible change to a route's response schema, and where in the UI it must then fail. */
interface Change {
  file: string;
  from: string;
  to: string;
  breaks: string;
}

const changes: Change[] = [
  {
    file: 'plugins/knowledge/knowledge-wire.ts',
    from: 'by_collection:',
    to: 'per_collection:',
    breaks: 'data/knowledge.ts',
  },
  {
    file: 'core/dream/dream-wire.ts',
    from: 'notes_total: z.number()',
    to: 'notes_total: z.string()',
    breaks: 'data/dream.ts',
  },
  {
    file: 'core/dream/dream-wire.ts',
    from: 'note_id: z.number()',
    to: 'note_id: z.string()',
    breaks: 'data/dream-admin.ts',
  },
  {
    file: 'core/health/system-routes.ts',
    from: 'uptimeSeconds: z.number()',
    to: 'uptime: z.number()',
    breaks: 'components/overview-view.ts',
  },
  {
    file: 'core/admin/people-routes.ts',
    from: 'last_used_at: wireTime',
    to: 'used_at: wireTime',
    breaks: 'components/tokens-view.ts',
  },
  {
    file: 'core/workspaces/workspace-routes.ts',
    from: '  name: z.string(),',
    to: '  title: z.string(),',
    breaks: 'components/workspaces-view.ts',
  },
  {
    file: 'core/memory/memory-listing-wire.ts',
    from: 'owner_name: z.string().nullable()',
    to: 'owner: z.string().nullable()',
    breaks: 'components/memory-card.ts',
  },
  {
    file: 'core/setup/setup-routes.ts',
    from: 'link_token: z.string()',
    to: 'link: z.string()',
    breaks: 'data/setup.ts',
  },
  {
    file: 'core/auth/sign-in-routes.ts',
    from: 'csrf_token: z.string().nullable()',
    to: 'csrf: z.string().nullable()',
    breaks: 'data/session.ts',
  },
  {
    file: 'core/approvals/approval-wire.ts',
    from: '  title: z.string(),',
    to: '  heading: z.string(),',
    breaks: 'components/approvals-view.ts',
  },
];

/** A copy of the sources the UI imports (node_modules linked, so `zod` and `quorra/plugin` resolve as in the repo). */
function copyOfSources(): string {
  mkdirSync(path.join(rootDir, 'test-output'), { recursive: true });
  const dir = mkdtempSync(path.join(rootDir, 'test-output', 'wire-real-'));
  for (const part of ['core', 'plugins', 'admin-ui/src', 'package.json'])
    cpSync(path.join(rootDir, part), path.join(dir, part), { recursive: true });
  symlinkSync(path.join(rootDir, 'node_modules'), path.join(dir, 'node_modules'));
  const base = JSON.parse(readFileSync(path.join(rootDir, 'tsconfig.json'), 'utf8'));
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { ...base.compilerOptions, types: [] }, include: ['admin-ui/src'] }),
  );
  return dir;
}

/** Runs tsc over the copy's UI; answers the UI files (relative to admin-ui/src) with errors. */
function uiErrors(dir: string): string[] {
  const run = spawnSync(
    process.execPath,
    [path.join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir, '--pretty', 'false'],
    { encoding: 'utf8', cwd: dir },
  );
  const files = new Set<string>();
  for (const m of `${run.stdout}${run.stderr}`.matchAll(/^admin-ui\/src\/(\S+?)\(\d+,\d+\): error/gm))
    files.add(m[1]!);
  return [...files];
}

describe('admin UI wire types follow the real routes’ schemas', () => {
  let dir: string;
  before(() => {
    dir = copyOfSources();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('type-checks as it is, and fails where each changed reply is read', function () {
    this.timeout(300_000);
    assert.deepEqual(uiErrors(dir), [], 'the UI type-checks against the schemas as they are');
    for (const c of changes) {
      const file = path.join(dir, c.file);
      const text = readFileSync(file, 'utf8');
      assert.ok(text.includes(c.from), `${c.file} still has ${c.from}`);
      writeFileSync(file, text.replace(c.from, c.to));
    }
    const errors = uiErrors(dir);
    for (const c of changes)
      assert.ok(
        errors.some((f) => f.startsWith(c.breaks)),
        `changing ${c.from} in ${c.file} broke nothing under ${c.breaks} (errors in: ${errors.join(', ')})`,
      );
  });
});
