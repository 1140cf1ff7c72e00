// SQLite: an FTS5 index of each memory's repeated words (core/memory/repeated-words.ts), so recall reaches the rows
// BM25 ranks first for a common word, those that say it twice, whatever their length and age.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dialectOf } from '../../core/db/dialect.ts';
import { lengthKey } from '../../core/memory/length-key.ts';
import { REPEATS_INSERT, repeatedWords } from '../../core/memory/repeated-words.ts';
import { scopeKey } from '../../core/memory/seal-filter.ts';
import {
  FTS_INSERT_NEW,
  LENGTH_DELETE_OLD,
  LENGTH_INSERT_NEW,
  replaceTriggers,
  TRIGGERS,
} from './1765200000000-add-memory-length-index.ts';

// before the row leaves memories_fts, whose sizes give its key (the same as in memories_fts_len)
const REPEATS_DELETE_OLD = `DELETE FROM memories_fts_rep WHERE rowid = ${lengthKey('old.id')};`;

// The store writes a row's repeated words after each write; the triggers only take them away.
const WITH_REPEATS = {
  insert: TRIGGERS.insert,
  delete: `CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN ${LENGTH_DELETE_OLD} ${REPEATS_DELETE_OLD} DELETE FROM memories_fts WHERE rowid = old.id; END`,
  update:
    'CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, tags, workspace, owner_user_id, archived_at' +
    ` ON memories BEGIN ${LENGTH_DELETE_OLD} ${REPEATS_DELETE_OLD} DELETE FROM memories_fts WHERE rowid = old.id; ${FTS_INSERT_NEW} ${LENGTH_INSERT_NEW} END`,
};

export class AddMemoryRepeatsIndex1765300000000 implements MigrationInterface {
  name = 'AddMemoryRepeatsIndex1765300000000';

  async up(q: QueryRunner): Promise<void> {
    if (dialectOf(q.manager) !== 'sqlite') return;
    await q.query(
      "CREATE VIRTUAL TABLE memories_fts_rep USING fts5(words, scope, content='', contentless_delete=1," +
        " tokenize='unicode61 remove_diacritics 2')",
    );
    const rows: Array<{
      id: number;
      content: string;
      tags: string;
      workspace: string | null;
      owner: string | null;
    }> = await q.query(
      'SELECT id, content, tags, workspace, owner_user_id AS owner FROM memories WHERE archived_at IS NULL',
    );
    for (const r of rows) {
      const found = repeatedWords(r.content, JSON.parse(r.tags) as string[]);
      if (found.length === 0) continue;
      await q.query(REPEATS_INSERT, [r.id, found.join(' '), scopeKey(r.workspace, r.owner)]);
    }
    await replaceTriggers(q, WITH_REPEATS);
  }

  async down(q: QueryRunner): Promise<void> {
    if (dialectOf(q.manager) !== 'sqlite') return;
    await replaceTriggers(q, TRIGGERS);
    await q.query('DROP TABLE IF EXISTS memories_fts_rep');
  }
}
