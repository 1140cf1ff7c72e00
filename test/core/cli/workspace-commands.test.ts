// quorra workspace grant|revoke on a real database: the grant is the same row the engine and listings read.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { Writable } from 'node:stream';
import { commands } from '../../../core/cli/commands.ts';
import { loadConfig } from '../../../core/config/load-config.ts';
import { QuorraError } from '../../../core/contracts/errors.ts';
import { openCliDatabase } from '../../../core/schema/household-database.ts';
import { WorkspaceStore } from '../../../core/workspaces/workspace-store.ts';
import { databaseUrlFor, tempDir } from '../../support/boot-app.ts';

describe('quorra workspace grant/revoke', () => {
  let dir: string;
  before(() => {
    dir = tempDir('quorra-cli-workspace-');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function configFor() {
    const url = await databaseUrlFor(dir);
    return loadConfig({
      env: {},
      cwd: dir,
      overrides: { dataDir: dir, log: { level: 'silent' }, ...(url ? { database: { url } } : {}) },
    });
  }
  async function run(name: string, ...args: string[]) {
    let stdout = '';
    const out = new Writable({
      write(chunk, _enc, done) {
        stdout += String(chunk);
        done();
      },
    });
    try {
      return { status: await commands[name].run(args, await configFor(), out), stdout, stderr: '' };
    } catch (err) {
      if (!(err instanceof QuorraError)) throw err;
      return { status: 1, stdout, stderr: `${err.code}: ${err.message}` };
    }
  }
  async function withStore<T>(fn: (s: WorkspaceStore, member: string) => Promise<T>): Promise<T> {
    const { db } = await openCliDatabase(await configFor());
    try {
      const store = new WorkspaceStore(db, dir, () => ['general'], ['owner']);
      const max = (await db.query(`SELECT id FROM users WHERE display_name = 'Max'`))[0].id as string;
      return await fn(store, max);
    } finally {
      await db.destroy();
    }
  }

  it('grants and revokes by workspace name and display name, refusing unknown ones in words', async () => {
    assert.equal((await run('user', 'add', 'Olivia', '--role', 'owner')).status, 0);
    assert.equal((await run('user', 'add', 'Max', '--role', 'member')).status, 0);
    await withStore((s) => s.create({ name: 'Lake Cabin', services: ['general'] }, null));
    const member = { kind: 'user' as const, role: 'member' as const, displayName: 'Max' };
    assert.equal(await withStore((s, id) => s.mayUse({ ...member, userId: id }, 'lake-cabin')), false);
    const granted = await run('workspace', 'grant', 'Lake Cabin', 'Max');
    assert.equal(granted.status, 0, granted.stderr);
    assert.equal(granted.stdout, 'Max can now use Lake Cabin\n');
    assert.equal(await withStore((s, id) => s.mayUse({ ...member, userId: id }, 'lake-cabin')), true);
    assert.equal(
      (await run('workspace', 'revoke', 'lake-cabin', 'max')).stdout,
      'Max can no longer use Lake Cabin\n',
    );
    assert.equal(await withStore((s, id) => s.mayUse({ ...member, userId: id }, 'lake-cabin')), false);
    assert.match((await run('workspace', 'grant', 'Boat', 'Max')).stderr, /no workspace "Boat"/);
    assert.match((await run('workspace', 'grant', 'Lake Cabin', 'Nobody')).stderr, /no user "Nobody"/);
    assert.match((await run('workspace', 'grant')).stderr, /^QUORRA_USAGE: usage: quorra workspace grant/);
  });
});
