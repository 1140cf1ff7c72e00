// Embedders: batching and retries against the scripted /v1/embeddings, and the offline lexical fallback.
import assert from 'node:assert/strict';
import { configSchema } from '../../../core/config/schema.ts';
import { Metrics } from '../../../core/metrics/metrics.ts';
import { ModelClient } from '../../../core/model/model-client.ts';
import { ModelEmbedder, selectEmbedder } from '../../../plugins/knowledge/embedder.ts';
import { LexicalEmbedder, lexicalTokens } from '../../../plugins/knowledge/lexical-embedder.ts';
import { fakeEmbedding, ScriptedModelServer } from '../../support/model-server.ts';

function client(baseUrl: string, embeddingModel?: string): ModelClient {
  const model = configSchema.parse({
    model: { baseUrl, chatModel: 'test-chat', embeddingModel, maxRetries: 0, timeoutMs: 5000 },
  }).model;
  return new ModelClient(model, new Metrics(false));
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
}

describe('knowledge embedders', () => {
  let server: ScriptedModelServer;
  const embedRequests = () => server.requests.filter((r) => r.path.endsWith('/embeddings'));

  before(async () => {
    server = await ScriptedModelServer.start();
  });
  beforeEach(() => {
    server.reset();
    server.embeddingFailures = 0;
  });
  after(() => server.close());

  it('sends texts in batches and returns one unit vector per text, in order', async () => {
    const embedder = new ModelEmbedder(client(server.url, 'test-embed'), { batchSize: 64 });
    assert.equal(embedder.id, 'openai:test-embed');
    assert.equal(embedder.dimensions, 0);
    const texts = Array.from({ length: 150 }, (_, i) => `note number ${i} about the boiler`);
    const vectors = await embedder.embed(texts);
    assert.deepEqual(
      embedRequests().map((r) => r.body.input.length),
      [64, 64, 22],
    );
    assert.equal(embedRequests()[0].body.model, 'test-embed');
    assert.equal(vectors.length, 150);
    assert.equal(embedder.dimensions, 64);
    for (const i of [0, 63, 64, 149]) {
      const expected = fakeEmbedding(texts[i]);
      expected.forEach((x, j) => {
        assert.ok(Math.abs(vectors[i][j] - x) < 1e-6, `text ${i} component ${j}`);
      });
    }
  });

  it('retries a batch after a 500 and then succeeds', async () => {
    server.embeddingFailures = 1;
    const embedder = new ModelEmbedder(client(server.url, 'test-embed'), { retries: 2, backoffMs: 1 });
    const [v] = await embedder.embed(['the cellar door']);
    assert.equal(embedRequests().length, 2);
    assert.ok(Math.abs(dot(v, Float32Array.from(fakeEmbedding('the cellar door'))) - 1) < 1e-5);
  });

  it('gives up once the retries are spent and reports the failure', async () => {
    server.embeddingFailures = 10;
    const embedder = new ModelEmbedder(client(server.url, 'test-embed'), { retries: 2, backoffMs: 1 });
    await assert.rejects(embedder.embed(['x']), /embedding backend down|500/);
    assert.equal(embedRequests().length, 3);
  });

  it('falls back to the lexical embedder when no embedding model is configured', async () => {
    const lexical = selectEmbedder(client(server.url));
    assert.equal(lexical.id, 'lexical-hash-v1');
    assert.equal(lexical.kind, 'lexical');
    assert.equal(lexical.dimensions, 512);
    const [v] = await lexical.embed(['works offline']);
    assert.equal(v.length, 512);
    assert.equal(embedRequests().length, 0);
    assert.equal(selectEmbedder(client(server.url, 'test-embed')).id, 'openai:test-embed');
  });
});

describe('lexical embedder', () => {
  const embedder = new LexicalEmbedder();

  it('is deterministic and unit length', () => {
    const a = embedder.embedOne('The boiler is serviced every March.');
    const b = embedder.embedOne('The boiler is serviced every March.');
    assert.deepEqual(a, b);
    assert.ok(Math.abs(dot(a, a) - 1) < 1e-5);
    assert.equal(dot(embedder.embedOne('the and of'), embedder.embedOne('the and of')), 0);
  });

  it('puts texts that share words closer than unrelated texts', () => {
    const query = embedder.embedOne('when is the boiler serviced');
    const related = embedder.embedOne('The boiler gets serviced by Anna every March.');
    const unrelated = embedder.embedOne('Roses by the shed need water in summer.');
    assert.ok(dot(query, related) > 0.3, `related ${dot(query, related)}`);
    assert.ok(dot(query, related) > dot(query, unrelated) + 0.2);
  });

  it('folds case and accents, drops stopwords and strips plurals', () => {
    assert.deepEqual(lexicalTokens('The Cafés and the BATTERIES of a car'), ['cafe', 'battery', 'car']);
  });
});
