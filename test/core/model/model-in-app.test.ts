// The embedded model inside the running app: /health/details names backend and model (or the command to get one), a full queue is 503.
import assert from 'node:assert/strict';
import { PULL_COMMAND } from '../../../core/config/model-manifest.ts';
import type { EmbeddedBackend } from '../../../core/model/embedded/embedded-backend.ts';
import { type BootedApp, bootApp, tempDir } from '../../support/boot-app.ts';
import { addUser, eventually } from '../../support/household.ts';
import { tinyModelConfig, tinyModelDir } from '../../support/tiny-model.ts';

/** The model check of /health/details, read as an owner (created once per app). */
async function health(app: BootedApp): Promise<any> {
  const users = app.quorra.conversation.users;
  const reader =
    (await users.get('health-reader')) ??
    (await users.add({ id: 'health-reader', name: 'Health Reader', role: 'owner' }));
  const token = await app.quorra.conversation.tokens.create(reader.id);
  const res = await fetch(`${app.url}/health/details`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).checks.model;
}

describe('the model in the box, in the app', function () {
  this.timeout(120_000);

  it('without a model file starts anyway, and /health says the one command to run', async () => {
    const app = await bootApp({
      config: { model: { backend: 'embedded', embedded: { modelsDir: tempDir() } } },
    });
    try {
      const model = await health(app);
      assert.equal(model.status, 'degraded');
      assert.equal(model.backend, 'embedded');
      assert.equal(model.fix, PULL_COMMAND);
      assert.match(model.reason, /model pull/);
      const owner = await addUser(app, 'Olivia');
      const res = await fetch(`${app.url}/chat`, {
        method: 'POST',
        headers: owner.headers,
        body: JSON.stringify({ message: 'hello' }),
      });
      assert.equal(res.status, 503);
      const body = await res.json();
      assert.equal(body.error.code, 'MODEL_MISSING');
      assert.match(body.error.message, /model pull/);
    } finally {
      await app.stop({ clean: true });
    }
  });

  describe('with the tiny model', () => {
    let models: { dir: string; remove(): void };
    let app: BootedApp;
    before(async () => {
      models = tinyModelDir();
      app = await bootApp({
        // bootApp sets an (unreachable) baseUrl, so the backend is named rather than left to auto
        config: {
          model: {
            ...tinyModelConfig(models.dir, { queueLimit: 0, contextSize: 8192 }),
            backend: 'embedded',
          },
        },
      });
    });
    after(async () => {
      await app.stop({ clean: true });
      models.remove();
    });

    it('answers a /chat turn and /health names the backend and models', async () => {
      const owner = await addUser(app, 'Max');
      const res = await fetch(`${app.url}/chat`, {
        method: 'POST',
        headers: owner.headers,
        body: JSON.stringify({ message: 'hello' }),
      });
      assert.equal(res.status, 200, await res.clone().text());
      assert.equal(typeof (await res.json()).reply, 'string');
      await eventually(
        async () => (await health(app)).status === 'ok' && !(await health(app)).loading,
        20_000,
      );
      const model = await health(app);
      assert.equal(model.backend, 'embedded');
      assert.equal(model.chatModel, 'tiny.gguf');
      assert.equal(model.embeddingModel, 'tiny.gguf');
      assert.deepEqual(model.queue, { running: 0, waiting: 0, limit: 0 });
    });

    it('answers 503 with Retry-After while the model is busy and its waiting line is full', async () => {
      const owner = await addUser(app, 'Ann');
      const hold = new AbortController();
      const busy = app.quorra.model
        .chat({ messages: [{ role: 'user', content: 'go on' }], max_tokens: 4000 }, { signal: hold.signal })
        .catch(() => undefined);
      const backend = app.quorra.model.backend as EmbeddedBackend;
      await eventually(() => backend.queueStats().running === 1, 20_000);
      try {
        const res = await fetch(`${app.url}/chat`, {
          method: 'POST',
          headers: owner.headers,
          body: JSON.stringify({ message: 'are you there?' }),
        });
        assert.equal(res.status, 503);
        const retry = Number(res.headers.get('retry-after'));
        assert.ok(Number.isInteger(retry) && retry >= 1, `Retry-After: ${res.headers.get('retry-after')}`);
        const body = await res.json();
        assert.equal(body.error.code, 'MODEL_BUSY');
        assert.equal((await health(app)).queue.running, 1);
      } finally {
        hold.abort();
        await busy;
      }
      await eventually(() => backend.queueStats().running === 0, 20_000);
    });
  });
});
