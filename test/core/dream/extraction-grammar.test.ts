// Dream's extraction on the embedded model: the answer is generated under the claims' JSON schema.
import assert from 'node:assert/strict';
import { loadConfig } from '../../../core/config/load-config.ts';
import { claimsResponseFormat } from '../../../core/dream/claims-format.ts';
import { ExtractionFailure, extractClaims } from '../../../core/dream/extraction.ts';
import { Metrics } from '../../../core/metrics/metrics.ts';
import { ModelClient } from '../../../core/model/model-client.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { tinyModelClient, tinyModelDir } from '../../support/tiny-model.ts';

describe('Dream extraction under a grammar (embedded model)', function () {
  this.timeout(120_000);
  let models: { dir: string; remove(): void };
  let client: ModelClient;
  before(() => {
    models = tinyModelDir();
    client = tinyModelClient(models.dir);
  });
  after(async () => {
    await client.close();
    models.remove();
  });

  it('asks the embedded backend for the claims schema, and random weights still answer a well-formed claim list', async () => {
    assert.equal(client.constrainsOutput, true);
    const sent: unknown[] = [];
    const recording = {
      constrainsOutput: true,
      chat: (req: Parameters<ModelClient['chat']>[0], opts?: Parameters<ModelClient['chat']>[1]) => {
        sent.push(req.response_format);
        return client.chat({ ...req, temperature: 1, seed: 11 }, opts);
      },
    };
    const note = {
      text: 'Max likes green tea.',
      sourceKind: 'chat',
      occurredAt: new Date('2026-11-30T10:00:00Z'),
    };
    try {
      const out = await extractClaims(recording, 'Extract beliefs as JSON.', note as never, {
        timeoutMs: 60_000,
      });
      assert.ok(Array.isArray(out.claims));
    } catch (err) {
      // the grammar guarantees JSON of the right shape; claimSchema may still judge random text unusable
      assert.ok(err instanceof ExtractionFailure && err.reason === 'malformed', String(err));
    }
    assert.deepEqual(sent, [claimsResponseFormat]);
    const res = await client.chat({
      messages: [{ role: 'user', content: 'Extract.' }],
      response_format: claimsResponseFormat,
      temperature: 1,
      seed: 5,
    });
    const items = JSON.parse(res.choices[0].message.content ?? '');
    assert.ok(Array.isArray(items));
    for (const item of items) {
      assert.ok(
        ['fact', 'preference', 'decision', 'entity', 'constraint', 'observation'].includes(item.kind),
      );
      assert.equal(typeof item.content, 'string');
      assert.equal(typeof item.confidence, 'number');
      assert.ok(['core', 'contextual'].includes(item.importance));
      assert.equal(typeof item.quote, 'string');
    }
  });

  it('an endpoint backend is asked exactly what it always was (no response_format)', async () => {
    const server = await ScriptedModelServer.start();
    const endpoint = new ModelClient(
      loadConfig({ env: {}, overrides: { model: { baseUrl: server.url, chatModel: 'm', maxRetries: 0 } } })
        .model,
      new Metrics(false),
    );
    try {
      server.always(() => true, { content: '[]' });
      assert.equal(endpoint.constrainsOutput, false);
      const note = { text: 'Max likes tea.', sourceKind: 'chat', occurredAt: new Date() };
      await extractClaims(endpoint, 'Extract.', note as never, { timeoutMs: 5000 });
      const body = server.chatRequests()[0].body;
      assert.equal('response_format' in body, false);
    } finally {
      await server.close();
    }
  });
});
