// The memory layer's public surface: its tables (entities.ts) and its stores.
export { memoryTables } from './entities.ts';

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
