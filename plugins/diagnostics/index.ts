// Diagnostics: Quorra's side of the diagnostics agent (its own process, `quorra diagnostics`): health for the model,
// chat and HTTP from the agent's latest summary, alerts to the owners, and the link's state in /health.
import { definePlugin } from 'quorra/plugin';
import { alertDelivery } from './alert-delivery.ts';
import { diagnosticsSettings } from './diagnostics-settings.ts';
import { healthText, healthView } from './health-report.ts';
import { AgentLink } from './ipc/agent-link.ts';
import { agentSocketPath } from './ipc/protocol.ts';
import { memberHealthText } from './member-health.ts';
import { diagnosticsTools } from './remedy-tools.ts';
import { systemGetHealth } from './system-get-health.ts';

export default definePlugin({
  id: 'diagnostics',
  description:
    'Reports Quorra’s health from the diagnostics agent, and tells the owners when something goes wrong.',
  settings: diagnosticsSettings,
  cli: [
    {
      name: 'diagnostics',
      usage: 'diagnostics',
      description: 'run the diagnostics agent (its own process; Quorra connects to it over a Unix socket)',
      // the agent's module loads only when the command runs: `quorra help` reads this list
      run: async (args, config, out) => (await import('./agent-command.ts')).diagnostics(args, config, out),
    },
  ],
  activate(ctx) {
    const startedAt = new Date();
    // the plugin data dir is <dataDir>/plugins/diagnostics: the agent derives the same socket path from config
    const dataDir = ctx.dataDir.replace(/[/\\]plugins[/\\]diagnostics$/, '');
    const deliver = alertDelivery(ctx.people, ctx.notify, ctx.dataDir, ctx.logger);
    const link = new AgentLink(agentSocketPath(dataDir, ctx.settings.socketPath), deliver, ctx.logger);
    link.start();
    ctx.onDispose(() => link.stop());
    const view = () => healthView(ctx.db, dataDir, startedAt, link);
    ctx.tools.add(systemGetHealth(view));
    for (const tool of diagnosticsTools(link)) ctx.tools.add(tool);
    ctx.commands.add({
      name: 'health',
      description: 'what the diagnostics agent found, with remedies',
      usage: '!quorra health',
      permission: 'member',
      run: async (_args, c) =>
        c.role === 'owner' ? healthText(await view()) : memberHealthText(await view()),
    });
    ctx.http.route({
      method: 'GET',
      path: '/health',
      // database path and free disk are the owner's business
      auth: 'owner',
      summary: 'Database, disk, uptime and the diagnostics agent’s latest findings',
      handler: view,
    });
    ctx.healthCheck(() =>
      link.connected
        ? { status: 'ok', agent: 'connected' }
        : {
            status: 'degraded',
            reason: `the diagnostics agent is not running (since ${link.since.toISOString()}); start it with "quorra diagnostics"`,
          },
    );
    const beats = ctx.metrics.counter(
      'quorra_diagnostics_heartbeats_total',
      'Diagnostics heartbeat job runs',
    );
    ctx.schedule(
      ctx.settings.heartbeatCron,
      'heartbeat',
      () => beats.inc(),
      'Shows the health helper that Quorra is still running',
    );
  },
});
