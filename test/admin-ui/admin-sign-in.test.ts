// Signing in to the admin UI through Matrix in a real Chromium: the code the homeserver double received, cookies, CSRF, links.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { MatrixWorld } from '../core/matrix/matrix-world.ts';
import type { TestUser } from '../support/household.ts';
import type { RegisteredUser } from '../support/matrix-homeserver/index.ts';
import { waitUntil } from '../support/matrix-homeserver/test-clients.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const bin = fileURLToPath(new URL('../../core/cli/bin.js', import.meta.url));

describe('admin UI sign-in through Matrix (Chromium)', () => {
  const w = new MatrixWorld();
  let olivia: { mx: RegisteredUser; user?: TestUser };
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  /** The bot's messages to anyone that carry a sign-in code, as the homeserver double received them. */
  const codeMessages = () =>
    w.hs.requests
      .filter(
        (r) => r.userId === w.bot.userId && r.method === 'PUT' && r.path.includes('/send/m.room.message/'),
      )
      .map((r) => ({
        room: decodeURIComponent(r.path.split('/rooms/')[1].split('/')[0]),
        body: String(r.body?.body ?? ''),
      }))
      .filter((m) => /sign-in code/.test(m.body));

  async function codeFor(mxid: string, after: number): Promise<{ code: string; link: string }> {
    const m = await waitUntil(
      () =>
        codeMessages()
          .slice(after)
          .find((x) => w.hs.membership(x.room, mxid) !== undefined),
      10_000,
      `a sign-in code DM to ${mxid}`,
    );
    return {
      code: /code is (\d{6})/.exec(m.body)![1],
      link: /(http\S+\/admin\/#\/link\/\S+)/.exec(m.body)![1],
    };
  }

  async function newPage(): Promise<Page> {
    const context = await browser.newContext();
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return page;
  }

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    await w.start();
    olivia = await w.member('olivia', 'Olivia', 'owner');
    browser = await launchChromium();
  });
  after(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await w.close();
  });

  it('answers 202 alike for a known and an unknown Matrix ID, and DMs only the known one', async () => {
    const ask = (matrix_id: string) =>
      fetch(`${w.app.url}/auth/matrix-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ matrix_id }),
      });
    const before = codeMessages().length;
    const unknown = await ask('@stranger:localhost');
    const known = await ask(olivia.mx.userId);
    assert.equal(unknown.status, 202);
    assert.equal(known.status, 202);
    assert.deepEqual(await unknown.json(), await known.json());
    await codeFor(olivia.mx.userId, before);
    assert.equal(codeMessages().length, before + 1);
    const bad = await ask('not a matrix id');
    assert.equal(bad.status, 400);
  });

  it('signs the owner in with the code from the DM: HttpOnly SameSite=Strict cookie, nothing in storage', async () => {
    const page = await newPage();
    await page.goto(`${w.app.url}/admin/`);
    const before = codeMessages().length;
    await page.getByLabel('Your Matrix ID').fill(olivia.mx.userId);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    const { code } = await codeFor(olivia.mx.userId, before);
    await page.getByLabel('Sign-in code').fill('000000' === code ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code did not work' }).waitFor();
    await page.getByLabel('Sign-in code').fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Olivia · Signed in as owner').waitFor();

    const [cookie] = await page.context().cookies();
    assert.equal(cookie.name, 'quorra_session');
    assert.equal(cookie.httpOnly, true);
    assert.equal(cookie.sameSite, 'Strict');
    assert.equal(await page.evaluate(() => sessionStorage.length + localStorage.length), 0);
    assert.equal(await page.evaluate(() => document.cookie), '', 'scripts cannot read the session cookie');
    await page.reload();
    await page.getByText('Olivia · Signed in as owner').waitFor();

    // the UI's own writes carry the CSRF token; the same write without it is refused
    const status = await page.evaluate(async () => {
      const r = await fetch('/admin/plugins/echo', {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ enabled: true }),
      });
      return r.status;
    });
    assert.equal(status, 403);
  });

  it('refuses a code after it was used, and bearer tokens keep working', async () => {
    const before = codeMessages().length;
    await fetch(`${w.app.url}/auth/matrix-code`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ matrix_id: olivia.mx.userId }),
    });
    const { code } = await codeFor(olivia.mx.userId, before);
    const verify = () =>
      fetch(`${w.app.url}/auth/matrix-code/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ matrix_id: olivia.mx.userId, code }),
      });
    const first = await verify();
    assert.equal(first.status, 200);
    assert.match(first.headers.get('set-cookie') ?? '', /quorra_session=.*httponly/i);
    assert.equal((await verify()).status, 401);
    const byToken = await fetch(`${w.app.url}/auth/session`, { headers: olivia.user!.headers });
    assert.equal((await byToken.json()).via, 'token');
  });

  it('signs in once with a link from `quorra admin-link`, and signs out everywhere', async function () {
    // boots a whole CLI process: on a loaded machine that outlasts mocha's default
    this.timeout(120_000);
    const run = spawnSync(process.execPath, [bin, 'admin-link', olivia.user!.id], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: w.dataDir,
        QUORRA_DATA_DIR: w.dataDir,
        QUORRA_PUBLIC_URL: w.app.url,
        OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
      },
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    const link = run.stdout.split('\n')[0];
    assert.ok(link.startsWith(`${w.app.url}/admin/#/link/`), link);

    const phone = await newPage();
    await phone.goto(link);
    await phone.getByText('Olivia · Signed in as owner').waitFor();
    assert.equal(await phone.evaluate(() => location.hash), '#/overview', 'the token left the address bar');

    const again = await newPage();
    await again.goto(link);
    await again.getByRole('alert').filter({ hasText: 'used already or has expired' }).waitFor();

    const laptop = await newPage();
    const before = codeMessages().length;
    await laptop.goto(`${w.app.url}/admin/`);
    await laptop.getByLabel('Your Matrix ID').fill(olivia.mx.userId);
    await laptop.getByRole('button', { name: 'Send me a code' }).click();
    const { link: dmLink } = await codeFor(olivia.mx.userId, before);
    await laptop.goto(dmLink);
    await laptop.getByText('Olivia · Signed in as owner').waitFor();

    await laptop.getByRole('button', { name: 'Sign out everywhere' }).click();
    await laptop.getByLabel('Your Matrix ID').waitFor();
    await phone.reload();
    await phone.getByLabel('Your Matrix ID').waitFor();
  });
});
