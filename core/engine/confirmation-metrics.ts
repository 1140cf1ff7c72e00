// The tier-2 confirmation counter, declared once for the store (expired), the runner (drafted) and the turn (answered).
import type { Metrics } from '../metrics/metrics.ts';

/** `quorra_engine_confirmations_total{outcome}`. */
export function confirmationCounter(metrics: Metrics) {
  return metrics.counter('quorra_engine_confirmations_total', 'Tier-2 confirmations by outcome', ['outcome']);
}
