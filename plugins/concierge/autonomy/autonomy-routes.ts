// GET/PUT /plugins/concierge/autonomy/:workspace — the owner reads and sets a hosting workspace's auto-send policy.
import { type AuditCapability, fail, type HttpCapability, type WorkspacesCapability } from 'quorra/plugin';
import { z } from 'zod';
import { autonomyPolicy } from './autonomy-policy.ts';
import type { AutonomyStore } from './autonomy-store.ts';
import { policyView } from './autonomy-wire.ts';
import { AUTO_CATEGORIES, NEVER_CATEGORIES } from './guest-categories.ts';

const params = z
  .object({ workspace: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'a workspace slug') })
  .strict();

const list = (o: Record<string, string>) => Object.entries(o).map(([id, name]) => ({ id, name }));

export function addAutonomyRoutes(d: {
  http: HttpCapability;
  store: AutonomyStore;
  workspaces: WorkspacesCapability;
  audit: AuditCapability;
}) {
  /** Only a hosting workspace that binds the concierge has guests to answer. */
  const hosting = async (slug: string) => {
    const w = await d.workspaces.get(slug);
    if (!w) throw fail.notFound(`workspace "${slug}"`);
    if (w.kind !== 'hosting' || !(await d.workspaces.binding(slug, 'concierge')))
      throw fail.conflict(
        'NO_GUESTS_HERE',
        `"${w.name}" is not a hosting workspace with guest messages, so it has no auto-send policy`,
      );
    return w;
  };
  const view = async (workspace: string) => ({
    workspace,
    policy: await d.store.policy(workspace),
    categories: list(AUTO_CATEGORIES),
    never: list(NEVER_CATEGORIES),
    recent: (await d.store.recent(workspace, 20)).map((r) => ({
      message: r.messageId,
      outcome: r.outcome,
      category: r.category,
      confidence: r.confidence,
      reasons: r.reasons,
      sources: r.sources,
      decided_at: r.decidedAt,
    })),
  });
  d.http.route({
    method: 'GET',
    path: '/autonomy/:workspace',
    auth: 'owner',
    summary: 'A hosting workspace’s auto-send policy, the categories it may list, and its latest decisions',
    params,
    response: policyView,
    handler: async ({ params: p }) => {
      await hosting(p.workspace);
      return view(p.workspace);
    },
  });
  d.http.route({
    method: 'PUT',
    path: '/autonomy/:workspace',
    auth: 'owner',
    summary:
      'Sets a hosting workspace’s auto-send policy (the switch, categories with thresholds, the daily cap)',
    params,
    body: autonomyPolicy,
    response: policyView,
    handler: async ({ params: p, body, principal }) => {
      await hosting(p.workspace);
      await d.store.savePolicy(p.workspace, body, principal.userId);
      await d.audit.record({
        userId: principal.userId,
        sessionId: null,
        tool: 'concierge_set_autonomy',
        tier: 1,
        input: { workspace: p.workspace, ...body },
        outcome: 'ok',
      });
      return view(p.workspace);
    },
  });
}
