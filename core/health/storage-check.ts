// The `storage` health check: which volume holds the data, how full it is, and whether writes are meeting a full disk.
import { statfsSync } from 'node:fs';
import path from 'node:path';
import { databasePath } from '../config/data-paths.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { CheckResult } from './health.ts';
import type { StorageWatch } from './storage-watch.ts';

/** Below this much free space the volume counts as full even before a write fails. */
const FULL_FREE_BYTES = 1024 * 1024;

function volume(dir: string): { dir: string; usedPercent: number; freeBytes: number } {
  const fs = statfsSync(dir);
  const usedPercent = fs.blocks ? Math.round(((fs.blocks - fs.bavail) / fs.blocks) * 1000) / 10 : 0;
  return { dir, usedPercent, freeBytes: fs.bavail * fs.bsize };
}

/** ok, or degraded with the volume, how full it is and since when writes fail (owner-only details). */
export function storageCheck(dataDir: string, config: QuorraConfig, watch: StorageWatch): CheckResult {
  const dirs = [dataDir];
  if (!config.database.url) dirs.push(path.dirname(databasePath(config)));
  const volumes = [...new Set(dirs)].map(volume);
  const full = watch.full;
  const fullest = volumes.reduce((a, b) => (b.freeBytes < a.freeBytes ? b : a));
  if (full || fullest.freeBytes < FULL_FREE_BYTES) {
    const where =
      config.database.url && full ? 'the database server’s disk or the data directory' : fullest.dir;
    return {
      status: 'degraded',
      reason: `${where} is full (${fullest.usedPercent}% used, ${Math.round(fullest.freeBytes / 1024)} KiB free)${
        full ? `: writes have failed since ${full.since.toISOString()}` : ''
      }; free some space and Quorra carries on by itself`,
      volumes,
      ...(full ? { writesFailingSince: full.since.toISOString() } : {}),
    };
  }
  return { status: 'ok', volumes };
}
