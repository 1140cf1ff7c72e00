// The per-app Prometheus registry and the helper every subsystem uses to declare its metrics.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** A registry that returns the existing metric when the same name is declared twice. */
export class Metrics {
  readonly registry = new Registry();

  constructor(withDefaults = true) {
    if (withDefaults) collectDefaultMetrics({ register: this.registry });
  }

  /** Declares (or returns) a counter. */
  counter<L extends string>(name: string, help: string, labelNames: L[] = []): Counter<L> {
    return (
      (this.registry.getSingleMetric(name) as Counter<L>) ??
      new Counter({ name, help, labelNames, registers: [this.registry] })
    );
  }

  /** Declares (or returns) a gauge. */
  gauge<L extends string>(name: string, help: string, labelNames: L[] = []): Gauge<L> {
    return (
      (this.registry.getSingleMetric(name) as Gauge<L>) ??
      new Gauge({ name, help, labelNames, registers: [this.registry] })
    );
  }

  /** Declares (or returns) a histogram; buckets default to seconds from 5 ms to 60 s. */
  histogram<L extends string>(
    name: string,
    help: string,
    labelNames: L[] = [],
    buckets?: number[],
  ): Histogram<L> {
    return (
      (this.registry.getSingleMetric(name) as Histogram<L>) ??
      new Histogram({
        name,
        help,
        labelNames,
        buckets: buckets ?? [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
        registers: [this.registry],
      })
    );
  }
}
