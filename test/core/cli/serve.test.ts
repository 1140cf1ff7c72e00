// `quorra serve` as a real process: its first /health verdict is under way as soon as it listens, before any probe.
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../../support/boot-app.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { startServe } from '../../support/serve-process.ts';

const bin = fileURLToPath(new URL('../../../core/cli/bin.js', import.meta.url));

describe('quorra serve', function () {
  // a whole Node process booting every plugin; a loaded machine needs a while
  this.timeout(120_000);
  let dir: string;
  let model: ScriptedModelServer;
  let child: ChildProcess | undefined;
  before(async () => {
    dir = tempDir('quorra-serve-');
    model = await ScriptedModelServer.start();
  });
  after(async () => {
    child?.kill('SIGKILL');
    await model.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the health checks once it listens, so the first probe finds them done or under way', async () => {
    const server = startServe(bin, dir, { OPENAI_BASE_URL: model.url });
    child = server.child;
    const url = await server.listening;
    // nobody has asked for /health: the model check's GET /models comes from the verdict serve starts itself
    const deadline = Date.now() + 60_000;
    while (!model.requests.some((r) => r.path.endsWith('/models'))) {
      assert.ok(Date.now() < deadline, `no model check after listening: ${server.log()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal((await fetch(`${url}/health`)).status, 200);
  });
});
