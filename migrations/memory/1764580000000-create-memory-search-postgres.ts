// PostgreSQL's counterpart of the memories FTS5 index: a generated tsvector (content weight A, tags weight B, accents
// folded) with a GIN index. SQLite has its FTS5 table from the memory migration, so this step does nothing there.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { dialectOf } from '../../core/db/dialect.ts';

/** Lowercase Latin letters with diacritics, and the letter each folds to (what FTS5's remove_diacritics does). */
const ACCENTED =
  'àáâãäåçèéêëìíîïñòóôõöùúûüýÿāăąćĉċčďēĕėęěĝğġģĥĩīĭįĵķĺļľńņňōŏőŕŗřśŝşšţťũūŭůűųŵŷźżžơưǎǐǒǔǖǘǚǜǟǡǧǩǫǭǰǵǹǻȁȃȅȇȉȋȍȏȑȓȕȗșțȟȧȩȫȭȯȱȳ';
const FOLDED =
  'aaaaaaceeeeiiiinooooouuuuyyaaaccccdeeeeegggghiiiijklllnnnooorrrssssttuuuuuuwyzzzouaiouuuuuaagkoojgnaaaeeiioorruusthaeooooy';

export class CreateMemorySearchPostgres1764580000000 implements MigrationInterface {
  name = 'CreateMemorySearchPostgres1764580000000';

  async up(q: QueryRunner): Promise<void> {
    if (dialectOf(q.manager) !== 'postgres') return;
    // immutable, so a generated column may use it; the search folds its query through the same function
    await q.query(
      'CREATE FUNCTION quorra_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE' +
        ` AS $$ SELECT translate(lower($1), '${ACCENTED}', '${FOLDED}') $$`,
    );
    // 'simple': no stemming and no stopwords, as FTS5's unicode61 tokenizer; the store folds plurals itself.
    await q.query(
      'ALTER TABLE memories ADD COLUMN search tsvector GENERATED ALWAYS AS (' +
        "setweight(to_tsvector('simple', quorra_fold(content)), 'A') ||" +
        " setweight(to_tsvector('simple', quorra_fold(tags)), 'B')) STORED",
    );
    await q.query('CREATE INDEX idx_memories_search ON memories USING GIN (search)');
  }

  async down(q: QueryRunner): Promise<void> {
    if (dialectOf(q.manager) !== 'postgres') return;
    await q.query('DROP INDEX IF EXISTS idx_memories_search');
    await q.query('ALTER TABLE memories DROP COLUMN IF EXISTS search');
    await q.query('DROP FUNCTION IF EXISTS quorra_fold(text)');
  }
}
