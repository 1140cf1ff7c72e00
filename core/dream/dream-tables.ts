// Dream's tables, one list shared by its declaration (entities.ts) and its first migration.
import { DreamCursor } from './dream-cursor.entity.ts';
import { DreamNoteAttempt } from './dream-note-attempt.entity.ts';
import { DreamNoteBelief } from './dream-note-belief.entity.ts';
import { DreamRetiredNote } from './dream-retired-note.entity.ts';
import { DreamReview } from './dream-review.entity.ts';
import { DreamRun } from './dream-run.entity.ts';
import { DreamSetting } from './dream-setting.entity.ts';
import { DreamSubject } from './dream-subject.entity.ts';

/** Dream's tables: what its first migration creates and core/dream/entities.ts declares. */
export const dreamTableEntities = [
  DreamCursor,
  DreamRun,
  DreamNoteAttempt,
  DreamRetiredNote,
  DreamSetting,
  DreamSubject,
  DreamNoteBelief,
  DreamReview,
];
