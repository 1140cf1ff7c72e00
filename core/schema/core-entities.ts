// The whole core schema, built from what each area's entities.ts declares: for whoever opens the household database
// (the app, the CLI, a backup); plugins add theirs through the plugin contract.
import { approvalTables } from '../approvals/entities.ts';
import { authTables } from '../auth/entities.ts';
import { type AreaTables, migrationStamp } from '../contracts/area-tables.ts';
import { dreamTables } from '../dream/entities.ts';
import { conversationTables } from '../engine/entities.ts';
import { matrixTables } from '../matrix/entities.ts';
import { memoryTables } from '../memory/entities.ts';
import { pluginHostTables } from '../plugin/entities.ts';
import { workspaceTables } from '../workspaces/entities.ts';

/** Every core area that owns tables, in the order their entities are listed. */
export const coreTables: readonly AreaTables[] = [
  pluginHostTables,
  authTables,
  conversationTables,
  workspaceTables,
  memoryTables,
  approvalTables,
  matrixTables,
  dreamTables,
];

export const coreEntities: Function[] = coreTables.flatMap((t) => t.entities);

/**
 * Core migrations in the order they run: by release time across the areas, as they were released (additive only,
 * never renamed: a database knows what ran by class name, so a class name and its timestamp stay as they were).
 */
export const coreMigrations: Function[] = coreTables
  .flatMap((t) => t.migrations)
  .sort((a, b) => migrationStamp(a) - migrationStamp(b));
