// The health checks core owns: the database and its disk, the model, Matrix, the plugins and the scheduler.
import { statfsSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import { databaseLabel } from '../config/data-paths.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { ModelClient } from '../model/model-client.ts';
import { ModelProbe } from '../model/model-probe.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import type { Health, HealthCheck } from './health.ts';
import { storageCheck } from './storage-check.ts';

/** Registers core's checks; only the database is critical (without it nothing works). */
export function addCoreChecks(
  health: Health,
  deps: {
    config: QuorraConfig;
    dataDir: string;
    db: DataSource;
    model: ModelClient;
    matrix: HealthCheck;
    /** The plugin host, as far as health reads it (health sits below the host: it takes the list, not the host). */
    host: { status(): { id: string; state: string; needsSetup?: unknown }[] };
    scheduler: Scheduler;
  },
): void {
  const { config, dataDir, db, host, scheduler } = deps;
  const probe = new ModelProbe(deps.model);
  health.add(
    'db',
    async () => {
      await db.query('SELECT 1');
      const fs = statfsSync(dataDir);
      return { status: 'ok', path: databaseLabel(config), diskFreeBytes: fs.bavail * fs.bsize };
    },
    { critical: true },
  );
  // a write meeting a full disk turns /health degraded until a write succeeds again
  health.add('storage', () => storageCheck(dataDir, config, health.storage));
  health.storage.onChange(() => health.invalidate());
  health.add('model', () => probe.check());
  health.add('matrix', deps.matrix);
  health.add('plugins', () => {
    const list = host.status();
    const failed = list.filter((p) => p.state === 'failed');
    const setup = list.filter((p) => p.state === 'active' && p.needsSetup);
    const reasons = [
      ...(failed.length ? [`${failed.length} plugin(s) failed: ${failed.map((p) => p.id).join(', ')}`] : []),
      ...(setup.length ? [`needs setup: ${setup.map((p) => p.id).join(', ')}`] : []),
    ];
    return {
      status: failed.length ? 'degraded' : 'ok',
      ...(reasons.length ? { reason: reasons.join('; ') } : {}),
      plugins: Object.fromEntries(list.map(({ id, ...rest }) => [id, rest])),
    };
  });
  health.add('scheduler', () => ({ status: 'ok', jobs: scheduler.list() }));
}
