// The matrix-bot-sdk loader: it yields a working SDK and reports why E2EE is off when the native crypto is missing.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { loadMatrixSdk } from '../../../core/matrix/load-matrix-sdk.ts';
import { MatrixHomeserver } from '../../support/matrix-homeserver/index.ts';

const loaderPath = fileURLToPath(new URL('../../../core/matrix/load-matrix-sdk.ts', import.meta.url));

/** Whether the real native crypto library loads here (not the loader's empty stand-in; absent in the dev container). */
function nativeCryptoLoads(): boolean {
  const require = createRequire(import.meta.url);
  try {
    const crypto = createRequire(require.resolve('matrix-bot-sdk'))('@matrix-org/matrix-sdk-crypto-nodejs');
    return typeof crypto.OlmMachine === 'function';
  } catch {
    return false;
  }
}

describe('loadMatrixSdk', () => {
  let hs: MatrixHomeserver | undefined;

  afterEach(async () => {
    await hs?.close();
    hs = undefined;
  });

  it('loads matrix-bot-sdk once and reports E2EE disabled with the reason when the native crypto is missing', () => {
    const native = nativeCryptoLoads();
    const loaded = loadMatrixSdk();
    assert.equal(loadMatrixSdk(), loaded);
    assert.equal(loaded.e2ee, native);
    if (!native) {
      assert.match(
        loaded.e2eeReason ?? '',
        /@matrix-org\/matrix-sdk-crypto-nodejs could not be loaded \(.+\)/,
      );
    } else assert.equal(loaded.e2eeReason, undefined);
  });

  it('yields a MatrixClient class that talks to a homeserver', async () => {
    const { sdk } = loadMatrixSdk();
    sdk.LogService.setLevel(sdk.LogLevel.ERROR);
    hs = await MatrixHomeserver.start();
    const user = hs.registerUser('quorra');
    const client = new sdk.MatrixClient(hs.url, user.accessToken, new sdk.MemoryStorageProvider());
    assert.equal(client.crypto, undefined);
    assert.equal(await client.getUserId(), user.userId);
    const whoami = await client.getWhoAmI();
    assert.equal(whoami.device_id, user.deviceId);
    assert.equal(typeof sdk.RichReply.createFor, 'function');
  });

  it("leaves the SDK's file stores unloaded: building one says so", () => {
    const { sdk } = loadMatrixSdk();
    assert.throws(
      () => new sdk.SimpleFsStorageProvider('/tmp/quorra-never-written.json'),
      /lowdb\/adapters\/FileSync is not loaded: Quorra keeps Matrix state in its own database/,
    );
  });

  it('leaves the appservice framework unloaded: building an Appservice says so', () => {
    // in a process of its own: the loader cannot stand in for express once something else in the same process (a
    // test's OAuth server) has loaded the real one, and whether that happened first depends on the test order
    const script = `
      import { loadMatrixSdk } from ${JSON.stringify(loaderPath)};
      const { sdk } = loadMatrixSdk();
      try {
        new sdk.Appservice({ homeserverUrl: 'http://127.0.0.1:9', homeserverName: 'x', port: 0,
          bindAddress: '127.0.0.1', registration: { as_token: 'a', hs_token: 'h', sender_localpart: 'bot', namespaces: {} } });
        console.log('built');
      } catch (err) { console.log(String(err.message)); }`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(run.stdout, /express is not loaded: Quorra runs no Matrix appservice/);
  });
});
