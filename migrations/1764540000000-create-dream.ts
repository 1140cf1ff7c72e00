// Creates Dream's state from its entities: cursors, runs, attempts and retirements, settings, subjects,
// note→belief links, reviews.
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { createEntityTables, dropEntityTables } from '../core/db/entity-tables.ts';
import { DreamCursor } from '../core/dream/dream-cursor.entity.ts';
import { DreamNoteAttempt } from '../core/dream/dream-note-attempt.entity.ts';
import { DreamNoteBelief } from '../core/dream/dream-note-belief.entity.ts';
import { DreamRetiredNote } from '../core/dream/dream-retired-note.entity.ts';
import { DreamReview } from '../core/dream/dream-review.entity.ts';
import { DreamRun } from '../core/dream/dream-run.entity.ts';
import { DreamSetting } from '../core/dream/dream-setting.entity.ts';
import { DreamSubject } from '../core/dream/dream-subject.entity.ts';

/** Dream's tables; core/dream/entities.ts lists them as the core's Dream entities. */
export const dreamTables = [
  DreamCursor,
  DreamRun,
  DreamNoteAttempt,
  DreamRetiredNote,
  DreamSetting,
  DreamSubject,
  DreamNoteBelief,
  DreamReview,
];

export class CreateDream1764540000000 implements MigrationInterface {
  name = 'CreateDream1764540000000';

  up = (q: QueryRunner) => createEntityTables(q, dreamTables);
  down = (q: QueryRunner) => dropEntityTables(q, dreamTables);
}
