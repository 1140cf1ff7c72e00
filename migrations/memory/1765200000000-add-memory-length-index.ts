// SQLite: a second FTS5 index over memories whose rowid orders rows shortest first, so recall reaches a common
// word's best BM25 rows (the shortest) whatever their age, by walking only the head of a posting list.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dialectOf } from '../../core/db/dialect.ts';
import { lengthKey } from '../../core/memory/length-key.ts';

const SCOPE_KEY = (row: 'new' | 'old') =>
  `'s' || hex(coalesce(${row}.workspace, '')) || 'o' || hex(coalesce(${row}.owner_user_id, ''))`;
export const FTS_INSERT_NEW = `INSERT INTO memories_fts (rowid, content, tags, scope) SELECT new.id, new.content, new.tags, ${SCOPE_KEY('new')} WHERE new.archived_at IS NULL;`;
// after FTS_INSERT_NEW, which wrote the row's sizes
export const LENGTH_INSERT_NEW = `INSERT INTO memories_fts_len (rowid, content, tags, scope) SELECT ${lengthKey('new.id')}, new.content, new.tags, ${SCOPE_KEY('new')} WHERE new.archived_at IS NULL;`;
// before the row leaves memories_fts, whose sizes give its key
export const LENGTH_DELETE_OLD = `DELETE FROM memories_fts_len WHERE rowid = ${lengthKey('old.id')};`;

export const TRIGGERS = {
  insert: `CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN ${FTS_INSERT_NEW} ${LENGTH_INSERT_NEW} END`,
  delete: `CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN ${LENGTH_DELETE_OLD} DELETE FROM memories_fts WHERE rowid = old.id; END`,
  update:
    'CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, tags, workspace, owner_user_id, archived_at' +
    ` ON memories BEGIN ${LENGTH_DELETE_OLD} DELETE FROM memories_fts WHERE rowid = old.id; ${FTS_INSERT_NEW} ${LENGTH_INSERT_NEW} END`,
};

/** The triggers as the memory migration wrote them, for `down`. */
const OLD_TRIGGERS = {
  insert: `CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN ${FTS_INSERT_NEW} END`,
  delete:
    'CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN DELETE FROM memories_fts WHERE rowid = old.id; END',
  update:
    'CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, tags, workspace, owner_user_id, archived_at' +
    ` ON memories BEGIN DELETE FROM memories_fts WHERE rowid = old.id; ${FTS_INSERT_NEW} END`,
};

export async function replaceTriggers(q: QueryRunner, triggers: Record<string, string>): Promise<void> {
  for (const [name, sql] of Object.entries(triggers)) {
    await q.query(`DROP TRIGGER IF EXISTS memories_fts_${name}`);
    await q.query(sql);
  }
}

export class AddMemoryLengthIndex1765200000000 implements MigrationInterface {
  name = 'AddMemoryLengthIndex1765200000000';

  async up(q: QueryRunner): Promise<void> {
    if (dialectOf(q.manager) !== 'sqlite') return;
    // The same columns and tokenizer as memories_fts, so one MATCH expression means the same in both.
    await q.query(
      "CREATE VIRTUAL TABLE memories_fts_len USING fts5(content, tags, scope, content='', contentless_delete=1," +
        " tokenize='unicode61 remove_diacritics 2')",
    );
    await q.query(
      `INSERT INTO memories_fts_len (rowid, content, tags, scope) SELECT ${lengthKey('m.id')}, m.content, m.tags,` +
        ` ${SCOPE_KEY('new').replaceAll('new.', 'm.')} FROM memories m WHERE m.archived_at IS NULL`,
    );
    await replaceTriggers(q, TRIGGERS);
  }

  async down(q: QueryRunner): Promise<void> {
    if (dialectOf(q.manager) !== 'sqlite') return;
    await replaceTriggers(q, OLD_TRIGGERS);
    await q.query('DROP TABLE IF EXISTS memories_fts_len');
  }
}
