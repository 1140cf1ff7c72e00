// The knowledge index over HTTP (owner only): its status per collection, "reindex now", and live progress as SSE.

import { type AuditCapability, eventStream, type HttpCapability, withStatus } from 'quorra/plugin';
import type { IndexEvent } from './index-events.ts';
import type { KnowledgeService } from './knowledge-service.ts';
import { knowledgeStatusReply, reindexReply } from './knowledge-wire.ts';

/** A quiet stream still says something this often, so proxies and browsers keep it open. */
const KEEPALIVE_MS = 25_000;

/** Registers /plugins/knowledge/status, /reindex and /events. */
export function addKnowledgeRoutes(http: HttpCapability, service: KnowledgeService, audit: AuditCapability) {
  const api = service.api();
  http.route({
    method: 'GET',
    path: '/status',
    // the owner's view of the index; everyone else learns liveness from GET /health
    auth: 'owner',
    summary: 'Index counts, the embedder, the running pass and each collection’s files, chunks and skips',
    response: knowledgeStatusReply,
    handler: async () => {
      // Counts and reasons only at the top: skipped file names go per collection, members' own ones withheld.
      const { recentSkipped: _paths, collections, byCollection, ...status } = await api.status();
      return {
        ...status,
        running: status.running ?? null,
        collections: collections.length,
        by_collection: byCollection,
      };
    },
  });
  http.route({
    method: 'POST',
    path: '/reindex',
    auth: 'owner',
    summary: 'Starts a full index pass now (202); a pass already running carries on',
    response: reindexReply,
    handler: async ({ principal }) => {
      const started = service.startPass('manual');
      if (started)
        await audit.record({
          userId: principal.userId,
          sessionId: null,
          tool: 'knowledge_reindex',
          tier: 1,
          input: {},
          outcome: 'ok',
        });
      return withStatus(202, { started, running: service.indexer.status().running ?? null });
    },
  });
  http.route({
    method: 'GET',
    path: '/events',
    auth: 'owner',
    summary: 'Index progress as Server-Sent Events (state, progress, done, failed) until the caller leaves',
    handler: ({ signal }) =>
      eventStream(
        async (send) => {
          send('state', { running: service.indexer.status().running ?? null });
          // Open until the caller goes away (or the plugin stops); every exit path unsubscribes and clears the timer.
          await new Promise<void>((resolve) => {
            let unsubscribe = () => {};
            const keepalive = setInterval(() => send('ping', {}), KEEPALIVE_MS);
            const end = () => {
              clearInterval(keepalive);
              unsubscribe();
              signal.removeEventListener('abort', end);
              resolve();
            };
            if (signal.aborted) return end();
            unsubscribe = service.events.subscribe((e: IndexEvent) => send(e.type, e), end);
            signal.addEventListener('abort', end, { once: true });
          });
        },
        { endOnShutdown: true },
      ),
  });
}
