// The backup area: the nightly backup job (the archive itself is made by create-backup, also from the CLI).
import { defineArea } from '../app-area.ts';
import { scheduleBackups } from './backup-job.ts';

/** Schedules the nightly backup when the household turned it on. */
export const backupArea = defineArea({
  id: 'backup',
  activate({ config, scheduler, logger }) {
    scheduleBackups(config, scheduler, logger.child({ subsystem: 'backup' }));
  },
});
