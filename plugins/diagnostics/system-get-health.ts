// The system_get_health tool: Quorra's own view (database, disk, uptime) plus the diagnostics agent's latest summary.

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { HealthView } from './health-report.ts';

/** Builds the tool over the plugin's health view. */
export function systemGetHealth(view: () => Promise<HealthView>) {
  return defineTool({
    name: 'system_get_health',
    description: "Report Quorra's health: database, disk, uptime, diagnostics findings.",
    examples: ['is everything ok with quorra', 'system status', 'are you healthy', 'est-ce que ça marche'],
    tier: 0,
    scopes: ['general', 'system'],
    input: z.object({}).strict(),
    run: () => view(),
  });
}
