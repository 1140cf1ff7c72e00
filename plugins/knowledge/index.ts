// Knowledge: the household vault (Markdown) chunked, embedded and searchable per member, workspace and guest window.
import path from 'node:path';
import { definePlugin } from '../../core/plugin/define-plugin.ts';
import { IndexedFile } from './indexed-file.entity.ts';
import { knowledgeMetrics } from './knowledge-metrics.ts';
import { type KnowledgeApi, KnowledgeService } from './knowledge-service.ts';
import { knowledgeSettings } from './knowledge-settings.ts';
import { CreateKnowledge1764521000000 } from './migrations/1764521000000-create-knowledge.ts';
import { VectorChunk } from './vector-chunk.entity.ts';

export type { KnowledgeApi, KnowledgeStatus } from './knowledge-service.ts';

export default definePlugin({
  id: 'knowledge',
  description: 'Indexes the household vault and answers semantic searches over it.',
  settings: knowledgeSettings,
  entities: [VectorChunk, IndexedFile],
  migrations: [CreateKnowledge1764521000000],
  async activate(ctx): Promise<KnowledgeApi> {
    // The plugin setting wins, then the core's vault root (config `vaultDir`) where the host offers one,
    // then <dataDir>/vault (ctx.dataDir is <dataDir>/plugins/knowledge).
    const coreVault = (ctx as { core?: { vaultDir?: string } }).core?.vaultDir;
    const vaultRoot = path.resolve(
      ctx.settings.vaultRoot ?? coreVault ?? path.join(ctx.dataDir, '..', '..', 'vault'),
    );
    const service = new KnowledgeService({
      settings: ctx.settings,
      vaultRoot,
      db: ctx.db,
      model: ctx.model,
      logger: ctx.logger,
      metrics: knowledgeMetrics(ctx.metrics),
    });
    ctx.onDispose(() => service.stop());
    await service.start();
    const api = service.api();
    ctx.router.get('/status', async (http) => {
      // Counts and reasons only: skipped file names stay out of an unauthenticated route.
      const { recentSkipped: _paths, collections, ...status } = await api.status();
      http.body = { ...status, collections: collections.length };
    });
    ctx.schedule(ctx.settings.consistencyCron, 'consistency', async () => {
      // The pass logs its own error; throwing here lets the scheduler record the run as failed too.
      if (!(await service.runPass('nightly'))) throw new Error('knowledge consistency pass failed');
    });
    return api;
  },
});
