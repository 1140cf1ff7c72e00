// The memory layer's public surface: its entities and migrations (wired by the app) and its stores.
import { CreateMemory1764510000000 } from '../../migrations/memory/1764510000000-create-memory.ts';
import { CreateMemorySearchPostgres1764580000000 } from '../../migrations/memory/1764580000000-create-memory-search-postgres.ts';
import { AddMemoryLengthIndex1765200000000 } from '../../migrations/memory/1765200000000-add-memory-length-index.ts';
import { AddMemoryRepeatsIndex1765300000000 } from '../../migrations/memory/1765300000000-add-memory-repeats-index.ts';
import { Memory } from './memory.entity.ts';
import { Note } from './note.entity.ts';

export const memoryEntities: Function[] = [Note, Memory];
export const memoryMigrations: Function[] = [
  CreateMemory1764510000000,
  CreateMemorySearchPostgres1764580000000,
  AddMemoryLengthIndex1765200000000,
  AddMemoryRepeatsIndex1765300000000,
];

export { Memory } from './memory.entity.ts';
export * from './memory-input.ts';
export { DEFAULT_ARCHIVE_RETENTION_DAYS } from './memory-lifecycle.ts';
export type { RecallQuery, ScoredMemory } from './memory-search.ts';
export { MemoryStore, type MemoryStoreOptions } from './memory-store.ts';
export { Note } from './note.entity.ts';
export * from './note-input.ts';
export { type ChatTurn, NotesLog } from './notes-log.ts';
export {
  isUnreachable,
  type OwnerListedMemory,
  type OwnerListFilters,
  ownerListFiltersSchema,
} from './owner-listing.ts';
export type { MemorySlice } from './seal-filter.ts';
