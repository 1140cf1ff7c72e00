// The Dream area: the nightly consolidation of notes into memories, its command, job, routes and status.
import { defineArea } from '../app-area.ts';
import type { MatrixSetup } from '../matrix/setup-matrix.ts';
import type { MemoryLayer } from '../memory/area.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import type { DreamService } from './dream-service.ts';
import { dreamTables } from './entities.ts';
import { setupDream } from './setup-dream.ts';

/** Creates the service over memory's stores; contradictions are told to the owners through Matrix's notify. */
export const dreamArea = defineArea<
  { workspaces: WorkspaceStore; memory: MemoryLayer; matrix: MatrixSetup },
  DreamService
>({
  id: 'dream',
  tables: dreamTables,
  activate: ({ conversation, memory, matrix, ...ctx }) =>
    setupDream({
      ...ctx,
      notes: memory.notes,
      store: memory.store,
      prompts: conversation.prompts,
      audit: conversation.audit,
      users: conversation.users,
      notify: () => matrix.notify,
      lastActivity: () => conversation.sessions.lastActivity(),
    }),
});
