// Memory's tables (the notes log and the memories made from it) and their migrations.
import { CreateMemory1764510000000 } from '../../migrations/memory/1764510000000-create-memory.ts';
import { CreateMemorySearchPostgres1764580000000 } from '../../migrations/memory/1764580000000-create-memory-search-postgres.ts';
import { AddMemoryLengthIndex1765200000000 } from '../../migrations/memory/1765200000000-add-memory-length-index.ts';
import { AddMemoryRepeatsIndex1765300000000 } from '../../migrations/memory/1765300000000-add-memory-repeats-index.ts';
import { defineTables } from '../contracts/area-tables.ts';
import { Memory } from './memory.entity.ts';
import { Note } from './note.entity.ts';

export const memoryTables = defineTables({
  area: 'memory',
  entities: [Note, Memory],
  migrations: [
    CreateMemory1764510000000,
    CreateMemorySearchPostgres1764580000000,
    AddMemoryLengthIndex1765200000000,
    AddMemoryRepeatsIndex1765300000000,
  ],
});
