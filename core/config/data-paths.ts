// Where Quorra's files live for a configuration: pure functions, so small processes (the diagnostics agent, backup)
// can use them without loading the whole app.
import path from 'node:path';
import { describeDatabaseUrl } from '../text/database-url.ts';
import type { QuorraConfig } from './schema.ts';

/** Resolves where the database file lives. */
export function databasePath(config: QuorraConfig): string {
  return path.resolve(config.database.path ?? path.join(config.dataDir, 'quorra.db'));
}

/** Where the database is, as a log line or a status may show it: the SQLite file, or the URL without its password. */
export function databaseLabel(config: QuorraConfig): string {
  return config.database.url ? describeDatabaseUrl(config.database.url) : databasePath(config);
}

/** The vault root every workspace folder lives under. */
export function vaultRoot(config: QuorraConfig): string {
  return path.resolve(config.vaultDir ?? path.join(config.dataDir, 'vault'));
}
