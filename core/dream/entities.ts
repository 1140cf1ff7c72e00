// Dream's tables and migration (kept free of other imports so the schema can list it).
import { CreateDream1764540000000 } from '../../migrations/dream/1764540000000-create-dream.ts';
import { defineTables } from '../contracts/area-tables.ts';
import { dreamTableEntities } from './dream-tables.ts';

export const dreamTables = defineTables({
  area: 'dream',
  entities: [...dreamTableEntities],
  migrations: [CreateDream1764540000000],
});
