// Creates the memory layer from its entities: the notes log with its sequence counter, memories, and (SQLite) their FTS5 index.
import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
import { createEntityTables, dropEntityTables } from '../../core/db/entity-tables.ts';
import { Memory } from '../../core/memory/memory.entity.ts';
import { Note } from '../../core/memory/note.entity.ts';

/** The FTS `scope` token of a row's slice; core/memory/seal-filter.ts `scopeKey` computes the same in TypeScript. */
const SCOPE_KEY = (row: 'new' | 'old') =>
  `'s' || hex(coalesce(${row}.workspace, '')) || 'o' || hex(coalesce(${row}.owner_user_id, ''))`;

const FTS_INSERT_NEW = `INSERT INTO memories_fts (rowid, content, tags, scope) SELECT new.id, new.content, new.tags, ${SCOPE_KEY('new')} WHERE new.archived_at IS NULL;`;

/** True on SQLite; 'sqlite' is kept for the older driver name, TypeORM 1.x only ships 'better-sqlite3'. */
function isSqlite(q: QueryRunner): boolean {
  const type: string = q.dataSource.options.type;
  return type === 'better-sqlite3' || type === 'sqlite';
}

export class CreateMemory1764510000000 implements MigrationInterface {
  name = 'CreateMemory1764510000000';

  async up(q: QueryRunner): Promise<void> {
    await createEntityTables(q, [Note]);
    // the counter seq is drawn from: one row, no entity (core/memory/notes-log.ts reads it with SQL)
    await q.createTable(
      new Table({
        name: 'note_sequence',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true },
          { name: 'last_seq', type: 'integer' },
        ],
      }),
      true,
    );
    await q.query('INSERT INTO note_sequence (id, last_seq) VALUES (1, 0)');
    await createEntityTables(q, [Memory]);

    // SQLite only: the FTS5 index and the triggers that keep it in step with `memories` whoever writes the row.
    // Another database (PostgreSQL) would get its own full-text index in its own migration; the tables above port.
    if (isSqlite(q)) {
      // Contentless (the text lives in `memories`), deletable, unicode61 without stemming so the store's own
      // word folding agrees with what matched. `scope` holds the row's slice token so a sealed search is narrowed
      // inside the index. Archived rows are left out: they are invisible anyway and restore puts them back.
      await q.query(
        "CREATE VIRTUAL TABLE memories_fts USING fts5(content, tags, scope, content='', contentless_delete=1," +
          " tokenize='unicode61 remove_diacritics 2')",
      );
      await q.query(
        `CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN ${FTS_INSERT_NEW} END`,
      );
      await q.query(
        'CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN' +
          ' DELETE FROM memories_fts WHERE rowid = old.id; END',
      );
      await q.query(
        'CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, tags, workspace, owner_user_id, archived_at' +
          ` ON memories BEGIN DELETE FROM memories_fts WHERE rowid = old.id; ${FTS_INSERT_NEW} END`,
      );
    }
  }

  async down(q: QueryRunner): Promise<void> {
    if (isSqlite(q)) {
      for (const t of ['memories_fts_insert', 'memories_fts_delete', 'memories_fts_update']) {
        await q.query(`DROP TRIGGER IF EXISTS ${t}`);
      }
      await q.query('DROP TABLE IF EXISTS memories_fts');
    }
    await dropEntityTables(q, [Memory]);
    await q.dropTable('note_sequence', true);
    await dropEntityTables(q, [Note]);
  }
}
