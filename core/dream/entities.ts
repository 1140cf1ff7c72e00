// Dream's entities and migration, for the core lists (kept free of other imports so the db layer can load it).
import { CreateDream1764540000000 } from '../../migrations/1764540000000-create-dream.ts';
import { DreamCursor } from './dream-cursor.entity.ts';
import { DreamNoteAttempt } from './dream-note-attempt.entity.ts';
import { DreamNoteBelief } from './dream-note-belief.entity.ts';
import { DreamRetiredNote } from './dream-retired-note.entity.ts';
import { DreamReview } from './dream-review.entity.ts';
import { DreamRun } from './dream-run.entity.ts';
import { DreamSetting } from './dream-setting.entity.ts';
import { DreamSubject } from './dream-subject.entity.ts';

export const dreamEntities: Function[] = [
  DreamCursor,
  DreamRun,
  DreamNoteAttempt,
  DreamRetiredNote,
  DreamSetting,
  DreamSubject,
  DreamNoteBelief,
  DreamReview,
];
export const dreamMigrations: Function[] = [CreateDream1764540000000];
