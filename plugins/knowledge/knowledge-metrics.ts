// The knowledge plugin's Prometheus metrics (quorra_knowledge_*), declared once per registry.
import type { Metrics } from 'quorra/plugin';

/** Every metric handle the indexer and the plugin update. */
export function knowledgeMetrics(metrics: Metrics) {
  return {
    files: metrics.counter('quorra_knowledge_files_total', 'Vault files handled by the indexer, by outcome', [
      'outcome',
    ]),
    skipped: metrics.counter(
      'quorra_knowledge_files_skipped_total',
      'Vault files skipped as bad input (or failed), by reason',
      ['reason'],
    ),
    chunksWritten: metrics.counter(
      'quorra_knowledge_chunks_written_total',
      'Chunks written to the vector store',
    ),
    chunks: metrics.gauge('quorra_knowledge_chunks', 'Chunks in the vector store after the last run'),
    indexedFiles: metrics.gauge('quorra_knowledge_indexed_files', 'Vault files with a current index entry'),
    runDuration: metrics.histogram(
      'quorra_knowledge_index_run_duration_seconds',
      'Full index passes, by trigger',
      ['trigger'],
      [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
    ),
    progress: metrics.gauge(
      'quorra_knowledge_index_progress_ratio',
      'Share of files done in the running full pass (1 when idle)',
    ),
    eventListeners: metrics.gauge(
      'quorra_knowledge_event_listeners',
      'Open index event streams (the admin UI’s live progress); returns to 0 when they close',
    ),
    searchDuration: metrics.histogram(
      'quorra_knowledge_search_duration_seconds',
      'Knowledge searches (embed the query and search the store)',
      ['store'],
      [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    ),
    embedderInfo: metrics.gauge('quorra_knowledge_embedder_info', 'The embedder and vector store in use', [
      'embedder',
      'store',
    ]),
  };
}

export type KnowledgeMetrics = ReturnType<typeof knowledgeMetrics>;
