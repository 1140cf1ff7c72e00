// Memory of the main Quorra process (as it last reported over the socket) and of the agent itself.
import { finding } from '../finding.ts';
import type { Playbook } from './playbook.ts';

const MiB = 1024 * 1024;

export function processMemory(): Playbook {
  return {
    name: 'memory',
    async run(env) {
      const own = process.memoryUsage().rss;
      if (!env.main)
        return finding('memory', 'skipped', 'The main Quorra process has not reported its memory yet.', {
          details: { agentRssBytes: own },
        });
      const rss = env.main.rssBytes;
      const details = {
        mainRssBytes: rss,
        mainHeapUsedBytes: env.main.heapUsedBytes,
        agentRssBytes: own,
        reportedAt: env.main.at,
      };
      if (rss >= env.settings.memoryWarnBytes)
        return finding('memory', 'warning', `Quorra is using ${Math.round(rss / MiB)} MiB of memory.`, {
          remedy:
            'Restart Quorra when nobody is talking to it. If it climbs back quickly, report it with the output of /metrics.',
          action: 'restart_quorra',
          details,
        });
      return finding('memory', 'ok', `Quorra is using ${Math.round(rss / MiB)} MiB of memory.`, { details });
    },
  };
}
