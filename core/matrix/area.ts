// The Matrix area: its stores, core bang-commands, notify (queued while Matrix is off), routes and the runtime.
import { defineArea } from '../app-area.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { matrixTables } from './entities.ts';
import { type MatrixSetup, setupMatrix } from './setup-matrix.ts';

/** Registers the commands and notify now (before plugins activate); the client connects in start(). */
export const matrixArea = defineArea<{ workspaces: WorkspaceStore }, MatrixSetup>({
  id: 'matrix',
  tables: matrixTables,
  activate: (ctx) => setupMatrix(ctx),
});
