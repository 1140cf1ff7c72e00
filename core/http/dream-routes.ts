// GET /brain/dream/status, PUT /brain/dream/settings/:workspace, POST /brain/dream/run, GET …/runs/:id/report.
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { ownerOf } from '../auth/authenticate.ts';
import type { DreamService } from '../dream/dream-service.ts';
import { dreamSettingPatchSchema } from '../dream/dream-settings.ts';
import { PERSONAL } from '../dream/dream-slice.ts';
import { dreamStatus } from '../dream/dream-status.ts';
import { resolveReview } from '../dream/review-resolution.ts';
import type { AuditLog } from '../engine/audit-log.ts';
import { fail } from '../errors.ts';
import type { MemoryStore } from '../memory/memory-store.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { body, params } from './validate.ts';

/** Adds Dream's owner-only endpoints behind authentication. */
export function addDreamRoutes(
  router: Router,
  auth: Middleware,
  deps: {
    db: DataSource;
    dream: DreamService;
    workspaces: Pick<WorkspaceStore, 'get'>;
    schedule?: () => { cron: string; next?: string } | undefined;
    store: MemoryStore;
    audit?: Pick<AuditLog, 'record'>;
  },
): void {
  router.post('/brain/dream/reviews/:id', auth, async (ctx) => {
    const owner = ownerOf(ctx);
    const { id } = params(ctx, z.object({ id: z.coerce.number().int().positive() }));
    const { decision } = body(ctx, z.object({ decision: z.enum(['accept', 'revert']) }).strict());
    const review = await resolveReview(deps.db, deps.store, id, decision);
    await deps.audit?.record({
      userId: owner.userId,
      sessionId: null,
      tool: 'dream_review',
      tier: 1,
      input: { id, decision },
      outcome: 'ok',
    });
    ctx.body = {
      id: review.id,
      status: review.status,
      older_memory_id: review.olderMemoryId,
      newer_memory_id: review.newerMemoryId,
    };
  });

  router.get('/brain/dream/status', auth, async (ctx) => {
    ownerOf(ctx);
    ctx.body = await dreamStatus(deps.db, deps.dream, deps.schedule?.());
  });

  router.put('/brain/dream/settings/:workspace', auth, async (ctx) => {
    const owner = ownerOf(ctx);
    const { workspace } = params(ctx, z.object({ workspace: z.string().trim().min(1).max(64) }));
    if (workspace !== PERSONAL && !(await deps.workspaces.get(workspace))) throw fail.notFound('workspace');
    const patch = body(ctx, dreamSettingPatchSchema);
    const { stored, flags } = await deps.dream.changeSettings(workspace, patch, owner.userId);
    ctx.body = {
      workspace,
      stored: {
        allow_llm_text: stored.allowLlmText,
        enrolled: stored.enrolled,
        semantic_dedup: stored.semanticDedup,
        updated_at: stored.updatedAt,
        updated_by: stored.updatedBy,
      },
      effective: {
        enabled: flags.enabled,
        allow_llm_text: flags.allowLlmText,
        enrolled: flags.enrolled,
        semantic_dedup: flags.semanticDedup,
      },
    };
  });

  router.post('/brain/dream/run', auth, async (ctx) => {
    ownerOf(ctx);
    if (!deps.dream.runNow()) throw fail.conflict('DREAM_RUNNING', 'a Dream run is already in progress');
    ctx.status = 202;
    ctx.body = { started: true };
  });

  router.get('/brain/dream/runs/:id/report', auth, async (ctx) => {
    ownerOf(ctx);
    const { id } = params(ctx, z.object({ id: z.coerce.number().int().positive() }));
    const run = await deps.dream.runner.runs.get(id);
    if (!run?.report) throw fail.notFound('run report');
    ctx.type = 'text/markdown; charset=utf-8';
    ctx.body = run.report;
  });
}
