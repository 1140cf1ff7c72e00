// SQLite: a second FTS5 index over memories whose rowid orders rows shortest first, so recall reaches a common
// word's best BM25 rows (the shortest) whatever their age, by walking only the head of a posting list.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dialectOf } from '../core/db/dialect.ts';

/** The rowid scheme; core/memory/fts5-candidates.ts reads the id back with `LENGTH_KEY_ID`. */
const ID_SPAN = 4294967296;
const HEX = "'0123456789ABCDEF'";

/** Byte `i` of a hex string `h`, as an integer. */
const byte = (h: string, i: number) =>
  `((instr(${HEX}, substr(${h}, ${2 * i + 1}, 1)) - 1) * 16 + instr(${HEX}, substr(${h}, ${2 * i + 2}, 1)) - 1)`;
/** A one- or two-byte FTS5 varint starting at byte `i` (a column of more than 16383 tokens does not occur). */
const varint = (h: string, i: number) =>
  `(CASE WHEN ${byte(h, i)} < 128 THEN ${byte(h, i)} ELSE (${byte(h, i)} - 128) * 128 + ${byte(h, i + 1)} END)`;

/**
 * The length-index rowid of a row: its token count over content and tags (as FTS5 counted them into
 * memories_fts_docsize, capped at 1023) times 2^32, plus 2^32 - 1 - id, so ascending rowids go shortest first
 * and, at equal length, newest first (BM25's tie-break). Null when the row is not in memories_fts.
 */
export const lengthKey = (id: string) => {
  const h = 'hex(d.sz)';
  const content = varint(h, 0);
  const tags = `(CASE WHEN ${byte(h, 0)} < 128 THEN ${varint(h, 1)} ELSE ${varint(h, 2)} END)`;
  return `(SELECT min(${content} + ${tags}, 1023) * ${ID_SPAN} + (${ID_SPAN - 1} - ${id}) FROM memories_fts_docsize d WHERE d.id = ${id})`;
};

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
