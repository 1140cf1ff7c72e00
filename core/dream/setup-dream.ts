// Wires Dream into the app: the service, the `dream` command (before plugins), the nightly job, the routes.
import type { DataSource } from 'typeorm';
import type { UserStore } from '../auth/user-store.ts';
import type { QuorraConfig } from '../config/schema.ts';
import type { AuditLog } from '../engine/audit-log.ts';
import type { PromptLibrary } from '../engine/prompt-library.ts';
import type { Logger } from '../logger.ts';
import type { MemoryStore } from '../memory/memory-store.ts';
import type { NotesLog } from '../memory/notes-log.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { ModelClient } from '../model/model-client.ts';
import type { CoreContributions } from '../plugin/core-contributions.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { dreamBrowseRoutes } from './dream-browse-routes.ts';
import { dreamCommand } from './dream-command.ts';
import { DreamMetrics } from './dream-metrics.ts';
import { dreamRoutes } from './dream-routes.ts';
import { type DreamOptions, DreamRunner, defaultReportDir } from './dream-runner.ts';
import { DreamService } from './dream-service.ts';
import { DreamSettingsStore } from './dream-settings.ts';
import { sliceLabel } from './dream-slice.ts';
import type { Review } from './reconcile.ts';

/** The scheduler job's name (shown in /health). */
export const DREAM_JOB = 'dream.consolidate';

/** The Dream options of a validated config. */
export function dreamOptions(config: QuorraConfig): DreamOptions {
  return { ...config.dream, reportDir: config.dream.reportDir ?? defaultReportDir(config.dataDir) };
}

/** The owner's notification about a contradiction: what changed, and that both beliefs are kept. */
export function reviewNotice(r: Review): string {
  return (
    `Dream found two beliefs that disagree (${sliceLabel(r.slice)}, ${r.subject}):\n` +
    `- before: "${r.older.content}"\n- now: "${r.newer.content}"\n` +
    'I kept both and treat the older one as no longer holding. Tell me if that is wrong.'
  );
}

export interface DreamSetupDeps {
  config: QuorraConfig;
  db: DataSource;
  logger: Logger;
  metrics: Metrics;
  model: ModelClient;
  notes: NotesLog;
  store: MemoryStore;
  prompts: PromptLibrary;
  audit: AuditLog;
  users: UserStore;
  workspaces: WorkspaceStore;
  /** Read for the job's next run (shown in the status). */
  scheduler: Pick<Scheduler, 'list'>;
  contribute: CoreContributions;
  /** Read when a contradiction is found, so a notifier wired later (the Matrix outbox) is still used. */
  notify?: () => ((userId: string, text: string) => Promise<unknown>) | undefined;
  /** When a household member last talked to Quorra (scheduled passes wait for quiet). */
  lastActivity?: () => Promise<Date | null>;
}

/** Creates the service, closes runs a previous process left open, registers the command, job and routes. */
export async function setupDream(deps: DreamSetupDeps): Promise<DreamService> {
  const { config, db } = deps;
  const logger = deps.logger.child({ subsystem: 'dream' });
  const onReview = async (review: Review) => {
    const notify = deps.notify?.();
    if (!notify) return;
    const owners = await deps.users.owners();
    for (const o of owners) await notify(o.id, reviewNotice(review));
  };
  const runner = new DreamRunner({
    db,
    notes: deps.notes,
    store: deps.store,
    model: deps.model,
    embedder: config.model.embeddingModel ? deps.model : undefined,
    prompt: deps.prompts.get('task', 'dream-extraction'),
    batchPrompt: deps.prompts.get('task', 'dream-extraction-batch'),
    logger,
    metrics: new DreamMetrics(deps.metrics),
    options: dreamOptions(config),
    onReview,
  });
  const dream = new DreamService({
    runner,
    settings: new DreamSettingsStore(db),
    defaults: config.dream,
    logger,
    lastActivity: deps.lastActivity,
    quietMinutes: config.dream.quietMinutes,
    audit: deps.audit,
  });
  const interrupted = await runner.runs.markInterrupted();
  if (interrupted > 0) logger.warn({ interrupted }, 'Dream runs left open by a stopped process were closed');
  deps.contribute.commands.add(dreamCommand(db, dream));
  deps.contribute.schedule(
    config.dream.cron,
    DREAM_JOB,
    async () => {
      await dream.tick('scheduled');
    },
    'Dream: turns what Quorra was told into what it remembers',
  );
  deps.contribute.routes(dreamBrowseRoutes({ dream, workspaces: deps.workspaces }));
  deps.contribute.routes(
    dreamRoutes({
      db,
      dream,
      store: deps.store,
      audit: deps.audit,
      workspaces: deps.workspaces,
      schedule: () => {
        const job = deps.scheduler.list().find((j) => j.name === DREAM_JOB);
        return job ? { cron: job.cron, next: job.nextRunAt } : undefined;
      },
    }),
  );
  return dream;
}
