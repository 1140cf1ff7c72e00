// The system_get_health tool: Quorra's own view (database, disk, uptime) plus the diagnostics agent's latest summary.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { HealthView } from './health-report.ts';
import { memberHealth } from './member-health.ts';

/** Builds the tool over the plugin's health view. */
export function systemGetHealth(view: () => Promise<HealthView>) {
  return defineTool({
    name: 'system_get_health',
    description: "Report Quorra's health (the owner gets findings and remedies).",
    examples: ['is everything ok with quorra', 'system status', 'are you healthy', 'est-ce que ça marche'],
    tier: 0,
    scopes: ['general', 'system'],
    audience: 'household',
    input: z.object({}).strict(),
    // a member gets the headline only: paths, disk figures and remedies are the owner's business
    run: async (_input, ctx) => (ctx.principal.role === 'owner' ? view() : memberHealth(await view())),
  });
}
