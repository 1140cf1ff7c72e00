// The system_get_health tool: database reachability, free disk in the data dir, and uptime.
import { statfsSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { defineTool } from '../../core/tools/define-tool.ts';

/** Builds the tool over the database and data dir it reports on. */
export function systemGetHealth(db: DataSource, dataDir: string, startedAt: Date) {
  return defineTool({
    name: 'system_get_health',
    description: 'Report Quorra’s own health: database, free disk space and uptime.',
    tier: 0,
    scopes: ['general', 'system'],
    input: z.object({}).strict(),
    async run() {
      let database = 'ok';
      try {
        await db.query('SELECT 1');
      } catch (err) {
        database = `failing: ${(err as Error).message}`;
      }
      const fs = statfsSync(dataDir);
      return {
        database,
        diskFreeBytes: fs.bavail * fs.bsize,
        diskFreePercent: Math.round((fs.bavail / fs.blocks) * 1000) / 10,
        uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
      };
    },
  });
}
