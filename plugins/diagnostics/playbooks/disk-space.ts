// Disk space where the data lives: how full, and how soon it fills at the rate it has been growing.
import { statfsSync } from 'node:fs';
import path from 'node:path';
import { finding } from '../finding.ts';
import type { Playbook } from './playbook.ts';

const GiB = 1024 ** 3;

/** Tracks used bytes over time (in this process only) to estimate the days until the disk is full. */
export function diskSpace(
  dirOf: (env: Parameters<Playbook['run']>[0]) => string = (e) => e.config.dataDir,
): Playbook {
  const samples: { t: number; used: number }[] = [];
  return {
    name: 'disk',
    async run(env) {
      const dir = path.resolve(dirOf(env));
      const fs = statfsSync(dir);
      const total = fs.blocks * fs.bsize;
      const free = fs.bavail * fs.bsize;
      const used = total - fs.bfree * fs.bsize;
      const usedPercent = total ? Math.round(((total - free) / total) * 1000) / 10 : 0;
      samples.push({ t: env.now.getTime(), used });
      while (samples.length > 2 && samples[0].t < env.now.getTime() - 7 * 86_400_000) samples.shift();
      const first = samples[0];
      const perDay =
        samples.length > 1 && env.now.getTime() > first.t
          ? ((used - first.used) / (env.now.getTime() - first.t)) * 86_400_000
          : 0;
      const daysLeft = perDay > 0 ? free / perDay : undefined;
      const details = {
        dir,
        totalBytes: total,
        freeBytes: free,
        usedPercent,
        growthBytesPerDay: Math.round(perDay),
        daysLeft,
      };
      const remedy = `Free space on the disk that holds ${dir}: delete backups you no longer need (Quorra can prune them to the configured number), old downloads or logs, or move the backup directory to another disk.`;
      const s = env.settings;
      if (usedPercent >= s.diskCriticalPercent)
        return finding(
          'disk',
          'critical',
          `The disk holding Quorra's data is ${usedPercent}% full (${(free / GiB).toFixed(2)} GiB free).`,
          { remedy, action: 'prune_backups', details },
        );
      if (usedPercent >= s.diskWarnPercent)
        return finding('disk', 'warning', `The disk holding Quorra's data is ${usedPercent}% full.`, {
          remedy,
          action: 'prune_backups',
          details,
        });
      if (daysLeft !== undefined && daysLeft < s.diskFullWarnDays)
        return finding(
          'disk',
          'warning',
          `At the rate it is growing, the disk holding Quorra's data is full in about ${Math.max(0, Math.round(daysLeft * 10) / 10)} days.`,
          { remedy, details },
        );
      return finding('disk', 'ok', `The disk is ${usedPercent}% full.`, { details });
    },
  };
}
