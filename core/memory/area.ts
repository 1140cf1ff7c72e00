// The memory area: notes per chat turn, core memories in every prompt, the tools, the routes, the nightly job.
import { defineArea } from '../app-area.ts';
import { sealFor } from '../contracts/principal.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { memoryTables } from './entities.ts';
import { memoryRoutes } from './memory-routes.ts';
import { MemoryStore } from './memory-store.ts';
import { memoryRecall, memorySave } from './memory-tools.ts';
import { NotesLog } from './notes-log.ts';
import { ownMemoryRoutes } from './own-memory-routes.ts';

/** The memory layer as the rest of the app sees it. */
export interface MemoryLayer {
  notes: NotesLog;
  store: MemoryStore;
}

/** Creates the stores and hooks them into the engine, the tool registry, HTTP and the scheduler. */
export const memoryArea = defineArea<{ workspaces: WorkspaceStore }, MemoryLayer>({
  id: 'memory',
  tables: memoryTables,
  activate(deps) {
    const { config, db, contribute } = deps;
    const notes = new NotesLog(db);
    const store = new MemoryStore(db, { retentionDays: config.memory.retentionDays });
    // guests never reach it: the engine skips turnRecords for non-recordable personas and turnSteps refuses them;
    // the note is written in the turn's own commit, so a stored turn always has its note
    contribute.hooks.add('turnRecords', ({ principal, session, message, reply, interrupted }) => {
      if (interrupted) return;
      const wordsOnly = (session.scope ?? []).some((s) => config.memory.wordsOnlyScopes.includes(s));
      return notes.turnSteps(principal, {
        workspace: session.workspace,
        userText: message,
        reply: wordsOnly ? null : reply,
        sourceId: session.id,
      })?.();
    });
    contribute.hooks.add('coreMemories', async ({ principal, session }) => {
      if (principal.kind !== 'user') return [];
      const rows = await store.listCore(
        sealFor(principal, session.workspace),
        config.memory.coreMemoriesLimit,
      );
      return rows.map((m) => ({ text: m.content, household: !m.ownerUserId }));
    });
    contribute.tools.add(memorySave(store));
    contribute.tools.add(memoryRecall(store));
    // display names for the labels ("Max told Quorra"); a removed person's rows read "A former member told Quorra"
    const names = async () =>
      new Map<string, string>((await deps.conversation.users.list()).map((u) => [u.id, u.displayName]));
    contribute.routes(memoryRoutes(store, deps.workspaces, names));
    contribute.routes(ownMemoryRoutes(store, names));
    contribute.schedule(
      config.memory.nightlyCron,
      'memory.nightly',
      async () => {
        const r = await store.runNightly(config.memory.retentionDays);
        deps.logger.info(r, 'memory nightly: expired archived, old archive purged');
      },
      'Puts away memories past their date and clears out the old archive',
    );
    return { notes, store };
  },
});
