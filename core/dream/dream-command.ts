// `!quorra dream` (a short status; members see their own slices) and `!quorra dream run` (owner: a run now).
import type { DataSource } from 'typeorm';
import type { CommandDefinition } from '../contracts/contributions.ts';
import type { DreamService } from './dream-service.ts';
import { dreamStatusText } from './dream-status.ts';

/** Builds the `dream` bang-command over the service. */
export function dreamCommand(db: DataSource, dream: DreamService): CommandDefinition {
  return {
    name: 'dream',
    description: 'how far nightly consolidation has got; `run` starts a pass now (owner)',
    usage: 'dream [run]',
    permission: 'member',
    async run(args, ctx) {
      const verb = (args[0] ?? '').toLowerCase();
      if (verb === '' || verb === 'status') return dreamStatusText(db, dream, ctx);
      if (verb !== 'run') return 'Usage: `!quorra dream [run]`';
      if (ctx.role !== 'owner') return 'Only the owner can start a Dream run.';
      const enabled = (await dream.allFlags()).filter((f) => f.enabled).map((f) => f.workspace);
      if (enabled.length === 0) {
        return 'Dream is off for every workspace: enrol one and allow note text to reach the model first.';
      }
      if (!dream.runNow()) return 'A Dream run is already in progress; `!quorra dream` shows how far it got.';
      return `Dream run started for ${enabled.join(', ')}. \`!quorra dream\` shows progress; the report follows in the status.`;
    },
  };
}
