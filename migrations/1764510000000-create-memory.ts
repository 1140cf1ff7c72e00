// Creates the memory layer: the notes log with its sequence counter, memories, and (SQLite) their FTS5 index.
import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';

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
    await q.createTable(
      new Table({
        name: 'notes',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'seq', type: 'integer' },
          { name: 'workspace', type: 'varchar', length: '64', isNullable: true },
          { name: 'visibility', type: 'varchar', length: '16' },
          { name: 'owner_user_id', type: 'varchar', length: '128', isNullable: true },
          { name: 'source_kind', type: 'varchar', length: '32' },
          { name: 'source_id', type: 'varchar', length: '256', isNullable: true },
          { name: 'occurred_at', type: 'datetime' },
          { name: 'text', type: 'text' },
          { name: 'created_at', type: 'datetime' },
          { name: 'edited_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'idx_notes_seq', columnNames: ['seq'], isUnique: true }),
          // readAfter: one slice, seq > cursor, in seq order — answered from this index alone.
          new TableIndex({
            name: 'idx_notes_slice_seq',
            columnNames: ['workspace', 'visibility', 'owner_user_id', 'seq'],
          }),
          new TableIndex({ name: 'idx_notes_source', columnNames: ['source_kind', 'source_id'] }),
        ],
      }),
      true,
    );
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

    await q.createTable(
      new Table({
        name: 'memories',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'content', type: 'text' },
          { name: 'owner_user_id', type: 'varchar', length: '128', isNullable: true },
          { name: 'workspace', type: 'varchar', length: '64', isNullable: true },
          { name: 'importance', type: 'varchar', length: '16' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'tags', type: 'text', default: "'[]'" },
          { name: 'confidence', type: 'real' },
          { name: 'stability', type: 'varchar', length: '16' },
          { name: 'provenance', type: 'varchar', length: '24' },
          { name: 'source_note_ids', type: 'text', default: "'[]'" },
          { name: 'quote', type: 'text', isNullable: true },
          { name: 'expires_at', type: 'datetime', isNullable: true },
          { name: 'surface_once', type: 'boolean', default: false },
          { name: 'surfaced_at', type: 'datetime', isNullable: true },
          { name: 'archived_at', type: 'datetime', isNullable: true },
          { name: 'valid_until', type: 'datetime', isNullable: true },
          { name: 'superseded_by', type: 'integer', isNullable: true },
          { name: 'reference_count', type: 'integer', default: 0 },
          { name: 'last_referenced_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime' },
          { name: 'updated_at', type: 'datetime' },
        ],
        indices: [
          // Each branch of the seal predicate (workspace, owner) plus importance = 'core' for prompt injection.
          new TableIndex({
            name: 'idx_memories_slice',
            columnNames: ['workspace', 'owner_user_id', 'importance'],
          }),
          new TableIndex({
            name: 'idx_memories_surface',
            columnNames: ['workspace', 'owner_user_id', 'surface_once'],
          }),
          // Partial, for the nightly purge and expiry sweep: a full index on archived_at would tempt the planner
          // to answer sealed reads through `archived_at IS NULL`, which matches nearly every row.
          new TableIndex({
            name: 'idx_memories_archived_at',
            columnNames: ['archived_at'],
            where: 'archived_at IS NOT NULL',
          }),
          new TableIndex({
            name: 'idx_memories_expires_at',
            columnNames: ['expires_at'],
            where: 'expires_at IS NOT NULL',
          }),
        ],
      }),
      true,
    );

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
    await q.dropTable('memories', true);
    await q.dropTable('note_sequence', true);
    await q.dropTable('notes', true);
  }
}
