// Dream's entities and migration, for the core lists (kept free of other imports so the db layer can load it).
import { CreateDream1764540000000 } from '../../migrations/dream/1764540000000-create-dream.ts';
import { dreamTables } from './dream-tables.ts';

/** The tables Dream's migrations create. */
export const dreamEntities: Function[] = [...dreamTables];
export const dreamMigrations: Function[] = [CreateDream1764540000000];
