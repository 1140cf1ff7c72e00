// The per-app Prometheus registry and the helper every subsystem uses to declare its metrics.
import { Counter, collectDefaultMetrics, Gauge, Histogram, type LabelValues, Registry } from 'prom-client';

/** Observations a batched histogram holds back at most before recording them (see `batchedHistogram`). */
export const OBSERVATION_BATCH = 256;

/** Records one observation of a batched histogram. */
export type Observe<L extends string> = (labels: LabelValues<L>, value: number) => void;

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
        buckets: buckets ?? DEFAULT_BUCKETS,
        registers: [this.registry],
        collect: () => this.pending.get(name)?.(),
      })
    );
  }

  /** Per batched histogram, what records its held-back observations. */
  private readonly pending = new Map<string, () => void>();
  private readonly observers = new Map<string, Observe<string>>();

  /**
   * Declares (or returns the recorder of) a histogram whose observations are recorded in batches: held back until
   * the registry is read (a scrape, which sees every one of them) or until OBSERVATION_BATCH are waiting. For what is
   * observed on every request: prom-client hashes the labels and walks the buckets per observation, which costs a
   * few µs hot but tens inside a request whose other work has evicted that code from the caches.
   */
  batchedHistogram<L extends string>(name: string, help: string, labelNames: L[] = []): Observe<L> {
    const known = this.observers.get(name);
    if (known) return known as Observe<L>;
    const labels: LabelValues<L>[] = [];
    const values: number[] = [];
    const flush = () => {
      const hist = this.registry.getSingleMetric(name) as Histogram<L>;
      for (let i = 0; i < labels.length; i++) hist.observe(labels[i], values[i]);
      labels.length = 0;
      values.length = 0;
    };
    this.pending.set(name, flush);
    this.histogram(name, help, labelNames);
    const observe: Observe<L> = (l, v) => {
      labels.push(l);
      values.push(v);
      if (values.length >= OBSERVATION_BATCH) flush();
    };
    this.observers.set(name, observe as Observe<string>);
    return observe;
  }
}

const DEFAULT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
