// Knowledge: the household vault (Markdown) chunked, embedded and searchable per member, workspace and guest window.
import path from 'node:path';
import { definePlugin } from 'quorra/plugin';
import { IndexedFile } from './indexed-file.entity.ts';
import { knowledgeMetrics } from './knowledge-metrics.ts';
import { addKnowledgeRoutes } from './knowledge-routes.ts';
import { type KnowledgeApi, KnowledgeService } from './knowledge-service.ts';
import { knowledgeSettings } from './knowledge-settings.ts';
import { CreateKnowledge1764521000000 } from './migrations/1764521000000-create-knowledge.ts';
import { IndexKnowledgeFileHash1764521100000 } from './migrations/1764521100000-index-file-hash.ts';
import { documentTools } from './tools/document-tools.ts';
import { searchKnowledge } from './tools/search-knowledge.ts';
import { VectorChunk } from './vector-chunk.entity.ts';

export type { KnowledgeApi, KnowledgeStatus } from './knowledge-service.ts';

export default definePlugin({
  id: 'knowledge',
  description: 'Indexes the household vault and answers semantic searches over it.',
  settings: knowledgeSettings,
  entities: [VectorChunk, IndexedFile],
  migrations: [CreateKnowledge1764521000000, IndexKnowledgeFileHash1764521100000],
  async activate(ctx): Promise<KnowledgeApi> {
    const vaultRoot = path.resolve(ctx.settings.vaultRoot ?? ctx.vaultDir);
    const service = new KnowledgeService({
      settings: ctx.settings,
      vaultRoot,
      db: ctx.db,
      dataDir: ctx.dataDir,
      model: ctx.model,
      logger: ctx.logger,
      metrics: knowledgeMetrics(ctx.metrics),
    });
    ctx.onDispose(() => service.stop());
    await service.start();
    const api = service.api();

    const { workspaces } = ctx;
    const hosting = async () =>
      (await workspaces.list())
        .filter((w) => w.kind === 'hosting' && w.personas.includes('guest-concierge'))
        .map((w) => w.slug);
    void api
      .setGuestWorkspaces([...ctx.settings.guestWorkspaces, ...(await hosting())])
      .catch((err) => ctx.logger.error({ err }, 'could not open guest windows'));
    workspaces.onCreated(async (w) => {
      if (w.kind === 'hosting')
        await api.setGuestWorkspaces([...ctx.settings.guestWorkspaces, ...(await hosting())]);
    });

    ctx.tools.add(searchKnowledge(api));
    for (const tool of documentTools(api, workspaces)) ctx.tools.add(tool);
    ctx.healthCheck(async () => {
      const s = await api.status();
      return {
        status: 'ok',
        embedder: s.embedder.id,
        embedderKind: s.embedder.kind,
        store: s.store,
        files: s.files,
        chunks: s.chunks,
        indexing: s.running ? `${s.running.phase} ${s.running.done}/${s.running.total}` : 'idle',
        skipped: s.skippedByReason,
      };
    });
    addKnowledgeRoutes(ctx.http, service, ctx.audit);
    ctx.schedule(
      ctx.settings.consistencyCron,
      'consistency',
      async () => {
        // The pass logs its own error; throwing here lets the scheduler record the run as failed too.
        if (!(await service.runPass('nightly'))) throw new Error('knowledge consistency pass failed');
      },
      'Reads new and changed documents, so answers come from the latest',
    );
    return api;
  },
});
