// Backups: is there a recent verified archive in the backup directory?
import { statSync } from 'node:fs';
import path from 'node:path';
import { backupSources, listArchives } from 'quorra/plugin';
import { finding } from '../finding.ts';
import type { Playbook } from './playbook.ts';

export function backupFreshness(): Playbook {
  return {
    name: 'backup',
    async run(env) {
      const dir = backupSources(env.config).backupDir;
      const archives = listArchives(dir);
      const newest = archives.at(-1);
      const remedy = `Run "quorra backup" now, and check the log of the nightly backup job (${env.config.backup.enabled ? `it runs at "${env.config.backup.cron}"` : 'it is switched off: backup.enabled'}).`;
      if (!newest)
        return finding('backup', 'critical', `There is no backup in ${dir}.`, { remedy, details: { dir } });
      const ageHours = (env.now.getTime() - statSync(path.join(dir, newest)).mtimeMs) / 3_600_000;
      const details = { dir, newest, ageHours: Math.round(ageHours * 10) / 10, count: archives.length };
      if (ageHours > env.settings.backupMaxAgeHours)
        return finding('backup', 'warning', `The newest backup is ${Math.round(ageHours)} hours old.`, {
          remedy,
          details,
        });
      return finding('backup', 'ok', `The newest backup is ${Math.round(ageHours)} hours old.`, { details });
    },
  };
}
