// Every playbook the agent runs, in report order.
import { backupFreshness } from './backup-freshness.ts';
import { diskSpace } from './disk-space.ts';
import { endpointReachability } from './endpoint-reachability.ts';
import { gpuHealth } from './gpu-health.ts';
import type { Playbook } from './playbook.ts';
import { processMemory } from './process-memory.ts';
import { sqliteHealth } from './sqlite-health.ts';

export function allPlaybooks(): Playbook[] {
  return [
    diskSpace(),
    sqliteHealth(),
    backupFreshness(),
    ...endpointReachability(),
    processMemory(),
    gpuHealth(),
  ];
}
