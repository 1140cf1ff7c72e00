// The SQLite database: SQLite's own integrity check, and the write-ahead log's size (a WAL that never shrinks means
// a reader is holding checkpoints back).
import { existsSync, statSync } from 'node:fs';
import { databasePath, sqliteIntegrity } from 'quorra/plugin';
import { finding } from '../finding.ts';
import type { Playbook } from './playbook.ts';

export function sqliteHealth(): Playbook {
  return {
    name: 'database',
    async run(env) {
      const file = databasePath(env.config);
      if (!existsSync(file))
        return finding('database', 'skipped', 'There is no SQLite database file yet.', { details: { file } });
      const integrity = sqliteIntegrity(file);
      const wal = existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size : 0;
      const details = { file, walBytes: wal, problems: integrity.problems };
      if (!integrity.ok)
        return finding('database', 'critical', "Quorra's database failed SQLite's integrity check.", {
          remedy:
            'Stop Quorra and restore the newest backup (quorra restore <archive> --force); the damaged files are kept aside for inspection.',
          details,
        });
      if (wal >= env.settings.walWarnBytes)
        return finding(
          'database',
          'warning',
          `The database's write-ahead log has grown to ${Math.round(wal / 1024 / 1024)} MiB.`,
          {
            remedy:
              'Restart Quorra when nobody is talking to it; the log is folded back into the database on a clean start. If it keeps growing, a long-running reader is holding it open.',
            details,
          },
        );
      return finding('database', 'ok', 'The database passes its integrity check.', { details });
    },
  };
}
