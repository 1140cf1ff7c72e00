// `quorra migrate-db`: a populated SQLite household moves to PostgreSQL whole, and Quorra works on it afterwards.
// It needs a PostgreSQL server, so it runs only in the PostgreSQL pass of `npm test` (the SQLite pass ignores `*.postgres.test.ts`).
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { migrateDb } from '../../../core/cli/migrate-db.ts';
import { loadConfig } from '../../../core/config/load-config.ts';
import type { QuorraConfig } from '../../../core/config/schema.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { NotesLog } from '../../../core/memory/notes-log.ts';
import { openCliDatabase } from '../../../core/schema/household-database.ts';
import { Workspace } from '../../../core/workspaces/workspace.entity.ts';
import { tempDir } from '../../support/boot-app.ts';
import { onPostgres, testDatabaseUrl } from '../../support/test-database.ts';

const alice = { userId: 'alice', workspace: null };

async function run(config: QuorraConfig, args: string[]) {
  const out = new PassThrough();
  let text = '';
  out.on('data', (c) => {
    text += String(c);
  });
  const code = await migrateDb(args, config, out);
  return { code, text };
}

describe('quorra migrate-db', () => {
  let dir: string;
  let config: QuorraConfig;
  let file: string;
  before(() => {
    // only the PostgreSQL pass runs this file (`*.postgres.test.ts`); run alone, it says how instead of skipping
    if (!onPostgres())
      throw new Error('needs PostgreSQL: npm run test:postgres -- test/core/cli/migrate-db.postgres.test.ts');
  });
  beforeEach(async () => {
    dir = tempDir('quorra-migrate-db-');
    config = loadConfig({ env: {}, cwd: dir, overrides: { dataDir: dir } });
    file = path.join(dir, 'quorra.db');
    const { db } = await openCliDatabase(config, { path: file });
    const memories = new MemoryStore(db);
    const notes = new NotesLog(db);
    for (let i = 0; i < 7; i += 1) {
      const note = await notes.append({
        slice: { workspace: null, visibility: 'private', ownerUserId: 'alice' },
        sourceKind: 'chat_turn',
        text: `note ${i}`,
      });
      await memories.create(
        { content: `Mia's dentist appointment number ${i} is on Tuesday`, tags: ['dentist'] },
        { ownerUserId: 'alice', workspace: null, provenance: 'user_stated', sourceNoteIds: [note.id] },
      );
    }
    await db.getRepository(Workspace).save({
      slug: 'garden',
      name: 'Garden',
      kind: 'household',
      dataDir: path.join(dir, 'garden'),
      personas: [],
      createdAt: new Date(),
    });
    await db.destroy();
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies every table in batches, verifies the counts, and the copy serves reads and new writes', async () => {
    const url = (await testDatabaseUrl()) as string;
    const { code, text } = await run(config, ['--from', `sqlite:${file}`, '--to', url, '--batch', '3']);
    assert.equal(code, 0);
    assert.match(text, /memories: 7 rows/);
    assert.match(text, /notes: 7 rows/);
    assert.match(text, /counts verified/);
    const { db } = await openCliDatabase(config, { url });
    try {
      const memories = new MemoryStore(db);
      const found = await memories.recall(alice, { text: 'dentist' });
      assert.equal(found.length, 7, 'the full-text index covers the copied rows');
      assert.equal((await db.getRepository(Workspace).findOneByOrFail({ slug: 'garden' })).name, 'Garden');
      // ids continue after the copied ones, and the notes counter after the copied sequence
      const next = await memories.create(
        { content: 'a new belief' },
        {
          ownerUserId: 'alice',
          workspace: null,
          provenance: 'user_stated',
        },
      );
      assert.equal(next.id, 8);
      const note = await new NotesLog(db).append({
        slice: { workspace: null, visibility: 'private', ownerUserId: 'alice' },
        sourceKind: 'chat_turn',
        text: 'after the move',
      });
      assert.equal(note.seq, 8);
    } finally {
      await db.destroy();
    }
  });

  it('refuses a target that holds data unless --force, and then replaces it', async () => {
    const url = (await testDatabaseUrl()) as string;
    assert.equal((await run(config, ['--from', 'sqlite', '--to', url])).code, 0);
    await assert.rejects(
      run(config, ['--from', 'sqlite', '--to', url]),
      /QUORRA_MIGRATE_DB_TARGET_NOT_EMPTY|already holds/,
    );
    const again = await run(config, ['--from', 'sqlite', '--to', url, '--force']);
    assert.equal(again.code, 0);
    assert.match(again.text, /memories: 7 rows/);
  });

  it('refuses a missing source and a target that is not PostgreSQL, with the usage', async () => {
    await assert.rejects(
      run(config, ['--from', 'sqlite:/nonexistent/q.db', '--to', 'postgres://h/db']),
      /no SQLite database/,
    );
    await assert.rejects(run(config, ['--from', 'sqlite', '--to', 'mysql://h/db']), /postgres:\/\/ URL/);
    await assert.rejects(run(config, ['--from', 'mysql']), /usage: quorra migrate-db/);
  });
});
