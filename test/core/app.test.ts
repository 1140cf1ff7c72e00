// Boot order: HTTP answers before Matrix connects, and /health says so until it has.
import assert from 'node:assert/strict';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { MatrixHomeserver } from '../support/matrix-homeserver/index.ts';
import { ScriptedModelServer } from '../support/model-server.ts';

describe('app start-up', () => {
  let hs: MatrixHomeserver;
  let model: ScriptedModelServer;
  let app: BootedApp | undefined;

  before(async () => {
    hs = await MatrixHomeserver.start();
    model = await ScriptedModelServer.start();
  });
  afterEach(() => app?.stop({ clean: true }));
  after(async () => {
    await hs.close();
    await model.close();
  });

  /** The app with a bot account configured, listening, Matrix not yet connected. */
  const bootUnconnected = async (localpart: string) => {
    const bot = hs.registerUser(localpart, { displayName: 'Quorra' });
    const booted = await bootApp({
      model,
      pluginRoots: [],
      connectMatrix: false,
      config: { matrix: { homeserverUrl: hs.url, accessToken: bot.accessToken, e2ee: false } },
    });
    app = booted;
    return { bot, booted };
  };

  it('serves /health while Matrix is still to connect, degraded with the reason, and ok once it has', async () => {
    const { booted } = await bootUnconnected('quorra');
    const res = await fetch(`${booted.url}/health`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { status: 'degraded' });
    const before = await booted.quorra.health.report();
    assert.deepEqual(
      Object.entries(before.checks)
        .filter(([, c]) => c.status !== 'ok')
        .map(([name, c]) => [name, c.reason]),
      [['matrix', 'starting']],
    );
    assert.equal(hs.requests.filter((r) => r.path.endsWith('/sync')).length, 0);

    await booted.quorra.connectMatrix();
    const after = await booted.quorra.health.report();
    assert.equal(after.checks.matrix.status, 'ok');
    assert.equal(after.status, 'ok');
  });

  it('stops cleanly while the first Matrix connection is still under way', async () => {
    const { bot, booted } = await bootUnconnected('quorra2');
    const connecting = booted.quorra.connectMatrix();
    await booted.stop({ clean: true });
    app = undefined;
    await connecting;
    const polling = () =>
      hs.requests.filter(
        (r) => r.userId === bot.userId && r.path.endsWith('/sync') && r.status === undefined,
      );
    // The double sees a dropped connection a few ticks after the client aborts it (later under load); a leaked
    // long-poll stays open for the SDK's whole 30 s sync timeout, so 5 s tells the two apart.
    const deadline = Date.now() + 5000;
    while (polling().length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(polling(), [], 'no sync long-poll outlives the stopped app');
  });
});
