// The first run in a real Chromium on a fresh data directory: the setup link from the start-up line, the owner,
// Matrix against the homeserver double, the model (a download with a pinned hash, a wrong one refused, then a
// model server), and an Overview with nothing missing; screenshots at 390 and 1280 px; the link is dead after.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { createQuorra, type Quorra } from '../../core/app.ts';
import { rootDir } from '../../core/build-info.ts';
import { loadConfig } from '../../core/config/load-config.ts';
import {
  DEFAULT_CHAT_MODEL,
  DEFAULT_EMBEDDING_MODEL,
  type ModelEntry,
} from '../../core/config/model-manifest.ts';
import { announceSetupLink } from '../../core/setup/setup-link-line.ts';
import { databaseUrlFor, tempDir } from '../support/boot-app.ts';
import { FileServer } from '../support/file-server.ts';
import { MatrixHomeserver } from '../support/matrix-homeserver/index.ts';
import { waitUntil } from '../support/matrix-homeserver/test-clients.ts';
import { ScriptedModelServer } from '../support/model-server.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const screenshotDir = path.join(rootDir, 'test-output', 'admin-ui');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('first run in the browser (Chromium)', function () {
  this.timeout(180_000);
  let dir: string;
  let quorra: Quorra;
  let url: string;
  let hs: MatrixHomeserver;
  let modelServer: ScriptedModelServer;
  let files: FileServer;
  let browser: Browser;
  let setupLine = '';
  // small stand-ins for the two GGUF files, served locally; the chat file's hash starts out wrong
  const chat = Buffer.alloc(300_000, 7);
  const embed = Buffer.alloc(120_000, 3);
  const entries: ModelEntry[] = [];

  before(async () => {
    await ensureUiBuilt();
    mkdirSync(screenshotDir, { recursive: true });
    dir = tempDir('quorra-onboarding-');
    hs = await MatrixHomeserver.start();
    hs.registerUser('quorra', { password: 'bot-secret-password' });
    modelServer = await ScriptedModelServer.start();
    files = await FileServer.start({ '/chat.gguf': chat, '/embed.gguf': embed });
    entries.push(
      {
        ...DEFAULT_CHAT_MODEL,
        url: `${files.url}/chat.gguf`,
        sizeBytes: chat.length,
        sha256: sha(Buffer.from('not it')),
      },
      {
        ...DEFAULT_EMBEDDING_MODEL,
        url: `${files.url}/embed.gguf`,
        sizeBytes: embed.length,
        sha256: sha(embed),
      },
    );
    const dbUrl = await databaseUrlFor(dir);
    // a fresh household: no owner, no Matrix, no model server and no model files
    const config = loadConfig({
      env: {},
      cwd: dir,
      overrides: {
        dataDir: dir,
        server: { host: '127.0.0.1', port: 0 },
        log: { level: 'silent' },
        matrix: { e2ee: false },
        ...(dbUrl ? { database: { url: dbUrl } } : {}),
      },
    });
    quorra = await createQuorra(config, { setupModels: entries });
    url = (await quorra.listen()).url;
    await announceSetupLink(quorra.onboarding.gate, config, url, {
      write: (s: string) => {
        setupLine += s;
        return true;
      },
    });
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
    await quorra?.stop();
    await Promise.all([hs?.close(), modelServer?.close(), files?.close()]);
    rmSync(dir, { recursive: true, force: true });
  });

  async function page(width: number): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 844 } });
    const p = await context.newPage();
    p.setDefaultTimeout(15_000);
    return p;
  }

  it('walks owner → Matrix → model → done, and the Overview lists nothing missing', async () => {
    assert.equal(setupLine.trim().split('\n').length, 1, 'one plain line');
    const link = /Open (http\S+\/admin\/#\/setup\/[A-Za-z0-9_-]{20,}) to set up the household/.exec(
      setupLine,
    )?.[1];
    assert.ok(link, setupLine);
    const p = await page(390);
    await p.goto(link);

    // the owner: the time zone comes from the browser
    await p.getByRole('heading', { name: 'Welcome to Quorra' }).waitFor();
    assert.equal(await p.getByLabel("The household's time zone").inputValue(), 'UTC');
    await p.getByLabel('Your name').fill('Ana Silva');
    await p.getByLabel('Your Matrix ID (if you have one)').fill('@ana:localhost');
    await p.getByLabel("The household's time zone").fill('Europe/Lisbon');
    await p.screenshot({ path: path.join(screenshotDir, 'onboarding-owner-390.png'), fullPage: true });
    await p.getByRole('button', { name: 'Create the owner' }).click();

    // Matrix: a wrong password is answered in words, the right one connects the bot
    await p.getByRole('heading', { name: 'Connect Matrix' }).waitFor();
    assert.match(await p.getByTestId('signed-in-as').innerText(), /Ana Silva · Signed in as owner/);
    await p.getByLabel('Homeserver address').fill(hs.url);
    await p.getByLabel('Bot user name').fill('quorra');
    await p.getByLabel('Bot password').fill('wrong');
    await p.getByRole('button', { name: 'Test and connect' }).click();
    await p.getByTestId('verdict').filter({ hasText: 'the user name or password is wrong' }).waitFor();
    await p.getByLabel('Bot password').fill('bot-secret-password');
    await p.getByRole('button', { name: 'Test and connect' }).click();
    await p.getByTestId('verdict').filter({ hasText: 'the bot signed in as @quorra:localhost' }).waitFor();
    await waitUntil(
      () => hs.requests.some((r) => r.path.includes('/sync') && r.userId === '@quorra:localhost'),
      20_000,
      'the bot syncing',
    );
    await p.getByRole('button', { name: 'Next' }).click();

    // the model: a download whose hash does not match is refused, the right one passes
    await p.getByRole('heading', { name: 'The model' }).waitFor();
    await p.getByRole('button', { name: 'Download' }).click();
    await p
      .getByTestId('pull-verdict')
      .filter({ hasText: 'does not match its published checksum' })
      .waitFor();
    entries[0] = { ...entries[0], sha256: sha(chat) };
    await p.getByRole('button', { name: 'Download' }).click();
    await p
      .getByTestId('pull-verdict')
      .filter({ hasText: 'every file matches its published size and SHA-256' })
      .waitFor();
    assert.match(await p.getByTestId('pull-progress').innerText(), /0\.4 MB of 0\.4 MB/);
    assert.ok(files.requests.filter((r) => r.path === '/chat.gguf').length >= 2, 'downloaded twice');
    await p.screenshot({ path: path.join(screenshotDir, 'onboarding-model-390.png'), fullPage: true });
    // and a model server, tested live
    await p.getByLabel('OpenAI-compatible address').fill(modelServer.url);
    await p.getByRole('button', { name: 'Test and use it' }).click();
    const server = p.getByRole('form', { name: 'Or use a model server' });
    await server
      .getByTestId('verdict')
      .filter({ hasText: /Connected: .* offers \d+ model/ })
      .waitFor();
    await server.getByRole('button', { name: 'Next' }).click();

    await p.getByRole('heading', { name: 'Calendar and rentals' }).waitFor();
    await p.getByRole('button', { name: 'Finish' }).click();
    await p.getByTestId('setup-complete').waitFor();
    assert.equal(await p.getByTestId('setup-missing').count(), 0);
    await p.screenshot({ path: path.join(screenshotDir, 'onboarding-done-390.png'), fullPage: true });
    const wide = await page(1280);
    await wide.context().addCookies(await p.context().cookies());
    await wide.goto(`${url}/admin/#/setup/model`);
    await wide.getByRole('heading', { name: 'The model' }).waitFor();
    await wide.screenshot({ path: path.join(screenshotDir, 'onboarding-model-1280.png'), fullPage: true });
    await wide.goto(`${url}/admin/#/overview`);
    await wide.getByTestId('setup-complete').waitFor();
    await wide.screenshot({ path: path.join(screenshotDir, 'onboarding-done-1280.png'), fullPage: true });
    await p.context().close();
    await wide.context().close();
  });

  it('answers 404 on the setup link once the owner exists, and the page says to sign in', async () => {
    const token = quorra.onboarding.gate.token;
    assert.equal((await fetch(`${url}/setup/${token}`)).status, 404);
    const again = await fetch(`${url}/setup/${token}/owner`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Mallory', timezone: 'UTC' }),
    });
    assert.equal(again.status, 404);
    const p = await page(390);
    await p.goto(`${url}/admin/#/setup/${token}`);
    await p.getByRole('alert').filter({ hasText: 'This setup link no longer works' }).waitFor();
    await p.context().close();
  });

  it('before Matrix is set up, the sign-in page says no code can be sent and how to get a link', async () => {
    // a second, fresh household: Matrix not configured
    const d2 = tempDir('quorra-onboarding-nomatrix-');
    const dbUrl = await databaseUrlFor(d2);
    const q2 = await createQuorra(
      loadConfig({
        env: {},
        cwd: d2,
        overrides: {
          dataDir: d2,
          server: { host: '127.0.0.1', port: 0 },
          log: { level: 'silent' },
          ...(dbUrl ? { database: { url: dbUrl } } : {}),
        },
      }),
    );
    try {
      const u2 = (await q2.listen()).url;
      const p = await page(390);
      await p.goto(`${u2}/admin/`);
      await p.getByLabel('Your Matrix ID').fill('@ana:localhost');
      await p.getByRole('button', { name: 'Send me a code' }).click();
      await p.getByRole('heading', { name: 'No code could be sent' }).waitFor();
      const said = await p.getByRole('status').innerText();
      assert.match(said, /not connected to Matrix yet, so it cannot send a code/);
      assert.match(said, /admin-link/);
      assert.doesNotMatch(said, /has sent a 6-digit code/);
      await p.context().close();
    } finally {
      await q2.stop();
      rmSync(d2, { recursive: true, force: true });
    }
  });
});
