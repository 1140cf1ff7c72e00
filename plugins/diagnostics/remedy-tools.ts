// The diagnostics tools beyond system_get_health: run one check now (tier 0), and the acting remedy the agent
// offers, pruning old backups (tier 2: never before the owner says yes).

import { defineTool } from 'quorra/plugin';
import { z } from 'zod';
import type { AgentLink } from './ipc/agent-link.ts';

export function diagnosticsTools(link: AgentLink) {
  return [
    defineTool({
      name: 'diagnostics_run_check',
      description:
        'Run one health check now: disk, database, backup, homeserver, model, embeddings, qdrant, caldav, memory or gpu.',
      examples: ['check the disk', 'test the backup', 'is the model working', 'prüf die Datenbank'],
      tier: 0,
      scopes: ['general', 'system'],
      audience: 'owner',
      input: z.object({ check: z.string().min(1).max(64) }).strict(),
      run: ({ check }) => link.run(check),
    }),
    defineTool({
      name: 'diagnostics_prune_backups',
      description: 'Delete old backup archives to free disk space.',
      examples: [
        'the disk is full, delete old backups',
        'free up space',
        'clean up backups',
        'alte Backups löschen',
      ],
      tier: 2,
      scopes: ['general', 'system'],
      audience: 'owner',
      input: z.object({}).strict(),
      run: async () => {
        const removed = await link.act('prune_backups');
        return { removed: removed.length, archives: removed };
      },
    }),
  ];
}
