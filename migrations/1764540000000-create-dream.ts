// Creates Dream's state: cursors, runs, attempts and retirements, settings, subjects, note→belief links, reviews.
import { type MigrationInterface, type QueryRunner, Table, TableIndex, TableUnique } from 'typeorm';

const id = {
  name: 'id',
  type: 'integer',
  isPrimary: true,
  isGenerated: true,
  generationStrategy: 'increment' as const,
};
/** A tenant slice as columns plus its unambiguous key (NULLs do not collide in a SQLite unique index). */
const sliceColumns = [
  { name: 'slice_key', type: 'varchar', length: '400' },
  { name: 'workspace', type: 'varchar', length: '64', isNullable: true },
  { name: 'visibility', type: 'varchar', length: '16' },
  { name: 'owner_user_id', type: 'varchar', length: '128', isNullable: true },
];
const RUN_COUNTERS = [
  'notes_read',
  'beliefs_written',
  'corroborated',
  'deduped',
  'dropped_no_quote',
  'dropped_echo',
  'claims_invalid',
  'note_failures',
  'notes_retired',
  'semantic_matches',
  'semantic_fallbacks',
  'contradictions',
  'promoted',
  'archived',
];

export class CreateDream1764540000000 implements MigrationInterface {
  name = 'CreateDream1764540000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'dream_cursor',
        columns: [
          id,
          ...sliceColumns,
          { name: 'last_seq', type: 'integer', default: 0 },
          { name: 'last_occurred_at', type: 'datetime', isNullable: true },
          { name: 'last_note_id', type: 'integer', isNullable: true },
          { name: 'last_run_id', type: 'integer', isNullable: true },
          { name: 'updated_at', type: 'datetime' },
        ],
        uniques: [new TableUnique({ name: 'uq_dream_cursor_slice', columnNames: ['slice_key'] })],
        indices: [
          new TableIndex({
            name: 'idx_dream_cursor_columns',
            columnNames: ['visibility', 'workspace', 'owner_user_id'],
          }),
        ],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'dream_runs',
        columns: [
          id,
          ...sliceColumns,
          { name: 'cause', type: 'varchar', length: '16' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'started_at', type: 'datetime' },
          { name: 'finished_at', type: 'datetime', isNullable: true },
          ...RUN_COUNTERS.map((name) => ({ name, type: 'integer', default: 0 })),
          { name: 'error', type: 'text', isNullable: true },
          { name: 'report', type: 'text', isNullable: true },
        ],
        indices: [new TableIndex({ name: 'idx_dream_runs_slice', columnNames: ['slice_key', 'id'] })],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'dream_note_attempts',
        columns: [
          { name: 'note_id', type: 'integer', isPrimary: true },
          { name: 'note_seq', type: 'integer' },
          { name: 'slice_key', type: 'varchar', length: '400' },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'last_reason', type: 'varchar', length: '16' },
          { name: 'last_error', type: 'text', default: "''" },
          { name: 'last_attempt_at', type: 'datetime' },
        ],
        indices: [
          new TableIndex({ name: 'idx_dream_attempts_slice', columnNames: ['slice_key', 'note_seq'] }),
        ],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'dream_retired_notes',
        columns: [
          id,
          { name: 'note_id', type: 'integer' },
          { name: 'note_seq', type: 'integer' },
          ...sliceColumns,
          { name: 'attempts', type: 'integer' },
          { name: 'reason', type: 'varchar', length: '16' },
          { name: 'detail', type: 'text', default: "''" },
          { name: 'run_id', type: 'integer', isNullable: true },
          { name: 'retired_at', type: 'datetime' },
        ],
        uniques: [new TableUnique({ name: 'uq_dream_retired_note', columnNames: ['note_id', 'note_seq'] })],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'dream_settings',
        columns: [
          // 'personal' names the personal/household context (workspace NULL elsewhere)
          { name: 'workspace', type: 'varchar', length: '64', isPrimary: true },
          { name: 'allow_llm_text', type: 'boolean', isNullable: true },
          { name: 'enrolled', type: 'boolean', isNullable: true },
          { name: 'semantic_dedup', type: 'boolean', isNullable: true },
          { name: 'updated_at', type: 'datetime' },
          { name: 'updated_by', type: 'varchar', length: '64', isNullable: true },
        ],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'dream_subjects',
        columns: [
          { name: 'memory_id', type: 'integer', isPrimary: true },
          { name: 'slice_key', type: 'varchar', length: '400' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'subject', type: 'varchar', length: '200' },
          { name: 'stated_at', type: 'datetime' },
        ],
        indices: [
          new TableIndex({ name: 'idx_dream_subjects_key', columnNames: ['slice_key', 'kind', 'subject'] }),
        ],
      }),
      true,
    );
    await q.createTable(
      new Table({
        // which beliefs each note produced or corroborated, whatever became of them since: a replayed note
        // recognises its own beliefs even after they were superseded
        name: 'dream_note_beliefs',
        columns: [
          { name: 'note_id', type: 'integer', isPrimary: true },
          { name: 'memory_id', type: 'integer', isPrimary: true },
        ],
      }),
      true,
    );
    await q.createTable(
      new Table({
        name: 'dream_reviews',
        columns: [
          id,
          { name: 'run_id', type: 'integer', isNullable: true },
          ...sliceColumns,
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'subject', type: 'varchar', length: '200' },
          { name: 'older_memory_id', type: 'integer' },
          { name: 'newer_memory_id', type: 'integer' },
          { name: 'valid_until', type: 'datetime' },
          { name: 'status', type: 'varchar', length: '16', default: "'open'" },
          { name: 'created_at', type: 'datetime' },
        ],
        uniques: [
          new TableUnique({
            name: 'uq_dream_review_pair',
            columnNames: ['older_memory_id', 'newer_memory_id'],
          }),
        ],
        indices: [new TableIndex({ name: 'idx_dream_reviews_status', columnNames: ['status', 'id'] })],
      }),
      true,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'dream_reviews',
      'dream_note_beliefs',
      'dream_subjects',
      'dream_settings',
      'dream_retired_notes',
      'dream_note_attempts',
      'dream_runs',
      'dream_cursor',
    ]) {
      await q.dropTable(t, true);
    }
  }
}
