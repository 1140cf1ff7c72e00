// The Matrix runtime's Prometheus metrics: events received/answered/ignored, sync lag, send failures, outbox.
import type { Metrics } from '../metrics/metrics.ts';

/** Declares (or returns) every Matrix metric on the app's registry. */
export function matrixMetrics(metrics: Metrics) {
  return {
    received: metrics.counter(
      'quorra_matrix_events_received_total',
      'Matrix events the bot took in, by kind',
      ['kind'],
    ),
    answered: metrics.counter(
      'quorra_matrix_events_answered_total',
      'Matrix events the bot answered, by how',
      ['how'],
    ),
    ignored: metrics.counter(
      'quorra_matrix_events_ignored_total',
      'Matrix events the bot ignored, by reason',
      ['reason'],
    ),
    // batched: observed for every message (see Metrics.batchedHistogram)
    syncLag: metrics.batchedHistogram(
      'quorra_matrix_sync_lag_seconds',
      'From an event’s origin_server_ts to the bot taking it in',
    ),
    replyDuration: metrics.batchedHistogram(
      'quorra_matrix_reply_duration_seconds',
      'From taking a message in to its reply being sent',
    ),
    syncs: metrics.counter('quorra_matrix_syncs_total', 'Sync requests by outcome', ['outcome']),
    lastSync: metrics.gauge('quorra_matrix_last_sync_timestamp_seconds', 'When the last sync succeeded'),
    sendFailures: metrics.counter(
      'quorra_matrix_send_failures_total',
      'Failed attempts to send a message (retried), by what was sent',
      ['kind'],
    ),
    undelivered: metrics.counter(
      'quorra_matrix_undelivered_total',
      'Messages that could not be delivered after every retry, by what was sent',
      ['kind'],
    ),
    rateLimited: metrics.counter(
      'quorra_matrix_rate_limited_total',
      'Homeserver 429 answers the bot waited out, by endpoint',
      ['endpoint'],
    ),
    undecryptable: metrics.counter(
      'quorra_matrix_undecryptable_events_total',
      'Encrypted events the bot could not decrypt',
    ),
    outbox: metrics.gauge('quorra_matrix_outbox_items', 'Outbox items by state', ['state']),
    outboxDeliveries: metrics.counter(
      'quorra_matrix_outbox_deliveries_total',
      'Outbox delivery attempts by outcome',
      ['outcome'],
    ),
  };
}

/** The declared Matrix metrics. */
export type MatrixMetrics = ReturnType<typeof matrixMetrics>;

/** A low-cardinality label for a Client-Server API path (sync, send, join, typing, …). */
export function endpointLabel(path: string): string {
  const p = path.replace(/^\/_matrix\/client\/[^/]+/, '');
  if (p.startsWith('/sync')) return 'sync';
  if (/\/send\//.test(p)) return 'send';
  if (p.startsWith('/join') || /\/join$/.test(p)) return 'join';
  if (/\/leave$/.test(p)) return 'leave';
  if (/\/typing\//.test(p)) return 'typing';
  if (p.startsWith('/createRoom')) return 'create_room';
  if (p.startsWith('/login')) return 'login';
  return 'other';
}
