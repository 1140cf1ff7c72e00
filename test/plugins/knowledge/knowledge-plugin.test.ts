// The knowledge plugin inside the booted app: active, indexing at start, status route, API, metrics, Qdrant mode.
import assert from 'node:assert/strict';
import path from 'node:path';
import type { KnowledgeApi } from '../../../plugins/knowledge/index.ts';
import { type BootedApp, bootApp, tempDir } from '../../support/boot-app.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { QdrantDouble } from '../../support/qdrant-server.ts';
import { writeVault } from './knowledge-test-kit.ts';

function seedVault(root: string): void {
  writeVault(
    root,
    'household/boiler.md',
    '---\ntitle: Boiler\n---\n# Boiler\n\nThe boiler is in the cellar and serviced each March.\n',
  );
  writeVault(
    root,
    'workspaces/cabin/wifi.md',
    '---\nguest_visible: true\n---\n# Wifi\n\nThe cabin wifi password is on the fridge.\n',
  );
  writeVault(root, 'household/broken.md', '---\ntitle: [\n---\nbroken');
}

const METRICS_TOKEN = 'metrics-token-0123456789';
const readers = new WeakMap<BootedApp, Record<string, string>>();

/** An owner's headers for this app (the owner is created once per data dir and kept across restarts). */
async function ownerHeaders(app: BootedApp): Promise<Record<string, string>> {
  const users = app.quorra.conversation.users;
  const owner =
    (await users.get('kb-owner')) ?? (await users.add({ id: 'kb-owner', name: 'KB Owner', role: 'owner' }));
  return { authorization: `Bearer ${await app.quorra.conversation.tokens.create(owner.id)}` };
}

/** GETs an owner-only route as the app's owner. */
async function getJson(app: BootedApp, route: string): Promise<any> {
  if (!readers.has(app)) readers.set(app, await ownerHeaders(app));
  const url = `${app.url}${route}`;
  const res = await fetch(url, { headers: readers.get(app) });
  assert.equal(res.status, 200, `${url} answered ${res.status}`);
  return res.json();
}

/** Polls the status route until the start-up pass has finished (the mocha timeout bounds the wait). */
async function statusAfterFirstPass(app: BootedApp): Promise<any> {
  for (;;) {
    const status = await getJson(app, '/plugins/knowledge/status');
    if (status.lastRun) return status;
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('knowledge plugin', () => {
  let model: ScriptedModelServer;
  let dataDir: string;
  let app: BootedApp | undefined;

  before(async () => {
    model = await ScriptedModelServer.start();
  });
  beforeEach(() => {
    dataDir = tempDir();
    seedVault(path.join(dataDir, 'vault'));
  });
  afterEach(async () => {
    await app?.stop({ clean: true });
    app = undefined;
  });
  after(() => model.close());

  const boot = (settings: Record<string, unknown> = {}, withModel = true) =>
    bootApp({
      dataDir,
      model: withModel ? model : undefined,
      config: {
        server: { metrics: { token: METRICS_TOKEN } },
        plugins: { knowledge: { settings: { watch: false, guestWorkspaces: ['cabin'], ...settings } } },
      },
    });

  it('activates, indexes the default vault at start and reports it on the status route', async () => {
    app = await boot();
    assert.equal(app.quorra.plugins.status().find((p) => p.id === 'knowledge')?.state, 'active');
    assert.equal((await fetch(`${app.url}/plugins/knowledge/status`)).status, 401, 'owner only');
    const status = await statusAfterFirstPass(app);
    assert.equal(status.vaultRoot, path.join(dataDir, 'vault'));
    assert.deepEqual(status.embedder, { id: 'openai:test-embed', kind: 'model', dimensions: 64 });
    assert.equal(status.store, 'embedded');
    assert.equal(status.files, 2);
    assert.equal(status.chunks, 3);
    assert.equal(status.collections, 3);
    assert.equal(status.lastRun.trigger, 'startup');
    assert.deepEqual(status.skippedByReason, { 'malformed-front-matter': 1 });
    assert.equal(status.recentSkipped, undefined, 'file names stay out of the route');
    assert.ok(model.requests.some((r) => r.path.endsWith('/embeddings')));
  });

  it('gives dependents search, indexFile and status through its API', async () => {
    app = await boot();
    await statusAfterFirstPass(app);
    const api = app.quorra.plugins.api<KnowledgeApi>('knowledge')!;
    const [hit] = await api.search(['household', 'guest:cabin'], 'where is the boiler', 1);
    assert.deepEqual([hit.path, hit.collection, hit.title], ['household/boiler.md', 'household', 'Boiler']);
    assert.deepEqual(
      (await api.search(['guest:cabin'], 'wifi password', 5)).map((h) => h.path),
      ['workspaces/cabin/wifi.md'],
    );
    writeVault(api.vaultRoot, 'members/ann/bike.md', '# Bike\n\nAnn’s bike lock code is in her drawer.');
    const outcome = await api.indexFile(path.join(api.vaultRoot, 'members/ann/bike.md'));
    assert.equal(outcome.status, 'indexed');
    assert.equal((await api.search(['member:ann'], 'bike lock', 1))[0].path, 'members/ann/bike.md');
    const status = await api.status();
    assert.equal(status.recentSkipped[0].path, 'household/broken.md');
    assert.ok(status.collections.some((c) => c.name === 'member:ann' && c.count === 1));
    const metrics = await (
      await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    assert.match(metrics, /quorra_knowledge_files_total\{outcome="indexed"\} 3/);
    assert.match(metrics, /quorra_knowledge_files_skipped_total\{reason="malformed-front-matter"\} 1/);
    assert.match(
      metrics,
      /quorra_knowledge_embedder_info\{embedder="openai:test-embed",store="embedded"\} 1/,
    );
    assert.ok(
      app.quorra.scheduler.list().some((j) => j.name === 'knowledge.consistency' && j.cron === '30 2 * * *'),
    );
  });

  it('switches to the lexical embedder without an embedding model and re-embeds the vault', async () => {
    app = await boot();
    await statusAfterFirstPass(app);
    await app.stop();
    app = await boot({}, false);
    const status = await statusAfterFirstPass(app);
    assert.deepEqual(status.embedder, { id: 'lexical-hash-v1', kind: 'lexical', dimensions: 512 });
    assert.equal(status.lastRun.indexed, 2);
    const api = app.quorra.plugins.api<KnowledgeApi>('knowledge')!;
    assert.equal((await api.search(['household'], 'boiler cellar', 1))[0].path, 'household/boiler.md');
  });

  it('runs against Qdrant when configured so', async () => {
    const qdrant = await QdrantDouble.start();
    try {
      app = await boot({ vectorStore: 'qdrant', qdrantUrl: qdrant.url });
      const status = await statusAfterFirstPass(app);
      assert.equal(status.store, 'qdrant');
      assert.equal(status.chunks, 3);
      const api = app.quorra.plugins.api<KnowledgeApi>('knowledge')!;
      assert.equal((await api.search(['guest:cabin'], 'wifi', 1))[0].path, 'workspaces/cabin/wifi.md');
      assert.ok(qdrant.collections.has('quorra-kb-guest_3acabin'));
      assert.deepEqual(qdrant.unsupported, []);
    } finally {
      await app?.stop({ clean: true });
      app = undefined;
      await qdrant.close();
    }
  });

  it('fails with a coded reason when Qdrant is chosen without a URL', async () => {
    app = await boot({ vectorStore: 'qdrant' });
    const knowledge = app.quorra.plugins.status().find((p) => p.id === 'knowledge')!;
    assert.equal(knowledge.state, 'failed');
    assert.equal(knowledge.code, 'QUORRA_PLUGIN_INVALID_SETTINGS');
    assert.match(knowledge.reason!, /qdrantUrl/);
  });
});
