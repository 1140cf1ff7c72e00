// Diagnostics: the first plugin, proving the contract end to end (a tool, a command, a route, a job).
import { z } from 'zod';
import { definePlugin } from '../../core/plugin/define-plugin.ts';
import { systemGetHealth } from './system-get-health.ts';

export default definePlugin({
  id: 'diagnostics',
  description: 'Reports Quorra’s own health to the model, in chat and over HTTP.',
  settings: z.object({ heartbeatCron: z.string().default('*/5 * * * *') }).strict(),
  activate(ctx) {
    const tool = systemGetHealth(ctx.db, ctx.dataDir, new Date());
    ctx.tools.add(tool);
    ctx.commands.add({
      name: 'health',
      description: 'database, disk and uptime',
      usage: '!quorra health',
      permission: 'member',
      run: async () => JSON.stringify(await tool.run({}, { logger: ctx.logger })),
    });
    ctx.http.route({
      method: 'GET',
      path: '/health',
      auth: 'member',
      summary: 'Database, disk and uptime',
      handler: () => tool.run({}, { logger: ctx.logger }),
    });
    const beats = ctx.metrics.counter(
      'quorra_diagnostics_heartbeats_total',
      'Diagnostics heartbeat job runs',
    );
    ctx.schedule(ctx.settings.heartbeatCron, 'heartbeat', () => beats.inc());
  },
});
