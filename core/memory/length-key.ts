// The length-index rowid of a memory row: the migration that builds memories_fts_len and the recall that keeps it
// up to date compute it the same way, so it lives here and the migration imports it.

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
