// The metrics registry: a batched histogram reports exactly what a plain one observing the same values reports.
import assert from 'node:assert/strict';
import { Metrics, OBSERVATION_BATCH } from '../../../core/metrics/metrics.ts';

const NAME = 'test_request_seconds';

/** The histogram's lines in the exposition format, as a scrape reads them. */
async function scrape(metrics: Metrics): Promise<string> {
  return (await metrics.registry.metrics())
    .split('\n')
    .filter((l) => l.startsWith(NAME))
    .join('\n');
}

describe('metrics registry', () => {
  it('reports every batched observation at the next scrape, exactly as a plain histogram does', async () => {
    const batched = new Metrics(false);
    const plain = new Metrics(false);
    const observe = batched.batchedHistogram(NAME, 'h', ['route', 'status']);
    const hist = plain.histogram(NAME, 'h', ['route', 'status']);
    // more than one batch and a part, so both the flush when a batch is full and the one at a scrape run
    const n = OBSERVATION_BATCH * 2 + 37;
    for (let i = 0; i < n; i++) {
      const labels = { route: i % 3 ? '/chat' : '/health', status: i % 7 ? '200' : '400' };
      const value = (i % 50) / 100;
      observe(labels, value);
      hist.observe(labels, value);
    }
    const text = await scrape(batched);
    assert.match(text, new RegExp(`${NAME}_count\\{route="/chat",status="200"\\} \\d+`));
    assert.equal(text, await scrape(plain));
    // what came after a scrape is in the next one, and nothing twice
    observe({ route: '/chat', status: '200' }, 0.001);
    hist.observe({ route: '/chat', status: '200' }, 0.001);
    assert.equal(await scrape(batched), await scrape(plain));
  });

  it('records a batch once it is full, scraped or not, and hands one recorder per name', async () => {
    const metrics = new Metrics(false);
    const observe = metrics.batchedHistogram(NAME, 'h', ['route']);
    assert.equal(metrics.batchedHistogram(NAME, 'h', ['route']), observe);
    for (let i = 0; i < OBSERVATION_BATCH; i++) observe({ route: '/x' }, 0.01);
    // prom-client's own view, read without a scrape: the full batch is already recorded
    const hist = metrics.registry.getSingleMetric(NAME) as unknown as {
      hashMap: Record<string, { count: number }>;
    };
    assert.equal(Object.values(hist.hashMap)[0]?.count, OBSERVATION_BATCH);
    observe({ route: '/x' }, 0.01);
    assert.equal(Object.values(hist.hashMap)[0]?.count, OBSERVATION_BATCH, 'the next one waits');
    assert.match(await scrape(metrics), new RegExp(`${NAME}_count\\{route="/x"\\} ${OBSERVATION_BATCH + 1}`));
  });
});
