// POST /brain/dream/reviews/:id, GET /brain/dream/status, PUT /brain/dream/settings/:workspace, POST /brain/dream/run, GET …/runs/:id/report.
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { fail } from '../contracts/errors.ts';
import { defineRoute, withStatus } from '../contracts/route-definition.ts';
import type { AuditLog } from '../engine/audit-log.ts';
import type { MemoryStore } from '../memory/memory-store.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import type { DreamService } from './dream-service.ts';
import { dreamSettingPatchSchema } from './dream-settings.ts';
import { PERSONAL } from './dream-slice.ts';
import { dreamStatus } from './dream-status.ts';
import { statusSchema } from './dream-wire.ts';
import { resolveReview } from './review-resolution.ts';

/** The deps Dream's routes read. */
export interface DreamRouteDeps {
  db: DataSource;
  dream: DreamService;
  workspaces: Pick<WorkspaceStore, 'get'>;
  schedule?: () => { cron: string; next?: string } | undefined;
  store: MemoryStore;
  audit?: Pick<AuditLog, 'record'>;
}

const idParam = z.object({ id: z.coerce.number().int().positive() });
const settingsReply = z.strictObject({
  workspace: z.string(),
  stored: z.strictObject({
    allow_llm_text: z.boolean().nullable(),
    enrolled: z.boolean().nullable(),
    semantic_dedup: z.boolean().nullable(),
    updated_at: z.string(),
    updated_by: z.string().nullable(),
  }),
  effective: z.strictObject({
    enabled: z.boolean(),
    allow_llm_text: z.boolean(),
    enrolled: z.boolean(),
    semantic_dedup: z.boolean(),
  }),
});

/** Dream's owner-only endpoints. */
/** A review's new state once answered (the admin UI's type of it too). */
export const reviewAnswered = z.strictObject({
  id: z.number(),
  status: z.string(),
  older_memory_id: z.number(),
  newer_memory_id: z.number(),
});

export function dreamRoutes(deps: DreamRouteDeps) {
  return [
    defineRoute({
      method: 'POST',
      path: '/brain/dream/reviews/:id',
      auth: 'owner',
      summary: 'Accepts or reverts a belief change Dream held for review',
      params: idParam,
      body: z.object({ decision: z.enum(['accept', 'revert']) }).strict(),
      response: reviewAnswered,
      handler: async ({ principal, params, body }) => {
        const review = await resolveReview(deps.db, deps.store, params.id, body.decision);
        await deps.audit?.record({
          userId: principal.userId,
          sessionId: null,
          tool: 'dream_review',
          tier: 1,
          input: { id: params.id, decision: body.decision },
          outcome: 'ok',
        });
        return {
          id: review.id,
          status: review.status,
          older_memory_id: review.olderMemoryId,
          newer_memory_id: review.newerMemoryId,
        };
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/brain/dream/status',
      auth: 'owner',
      summary: 'Dream’s schedule, runs, settings per workspace and open reviews',
      response: statusSchema,
      handler: () => dreamStatus(deps.db, deps.dream, deps.schedule?.()),
    }),
    defineRoute({
      method: 'PUT',
      path: '/brain/dream/settings/:workspace',
      auth: 'owner',
      summary: 'Changes Dream’s settings for a workspace (or personal)',
      params: z.object({ workspace: z.string().trim().min(1).max(64) }),
      body: dreamSettingPatchSchema,
      response: settingsReply,
      handler: async ({ principal, params, body }) => {
        const { workspace } = params;
        if (workspace !== PERSONAL && !(await deps.workspaces.get(workspace)))
          throw fail.notFound('workspace');
        const { stored, flags } = await deps.dream.changeSettings(workspace, body, principal.userId);
        return {
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
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/brain/dream/run',
      auth: 'owner',
      summary: 'Starts a Dream run now (202), or 409 while one runs',
      response: z.strictObject({ started: z.literal(true) }),
      handler: () => {
        if (!deps.dream.runNow()) throw fail.conflict('DREAM_RUNNING', 'a Dream run is already in progress');
        return withStatus(202, { started: true });
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/brain/dream/runs/:id/report',
      auth: 'owner',
      summary: 'A run’s report (Markdown)',
      params: idParam,
      handler: async ({ params }) => {
        const run = await deps.dream.runner.runs.get(params.id);
        if (!run?.report) throw fail.notFound('run report');
        return withStatus(200, run.report, 'text/markdown; charset=utf-8');
      },
    }),
  ];
}
