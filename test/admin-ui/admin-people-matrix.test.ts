// Adding a person on the People page creates their Matrix account (homeserver double with Synapse's registration
// secret) and shows a one-time sign-in: a QR code, the link and the temporary password, at 390 and 1280 px.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { rootDir } from '../../core/build-info.ts';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { MatrixHomeserver } from '../support/matrix-homeserver/index.ts';
import { silenceMatrixSdkLogs } from '../support/matrix-homeserver/test-clients.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const screenshotDir = path.join(rootDir, 'test-output', 'admin-ui');
const SECRET = 'registration-secret-for-the-browser-test';

describe('admin UI: adding a person creates their Matrix account (Chromium)', () => {
  let hs: MatrixHomeserver;
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;

  before(async function () {
    this.timeout(120_000);
    silenceMatrixSdkLogs();
    await ensureUiBuilt();
    hs = await MatrixHomeserver.start({ registrationSharedSecret: SECRET, serverName: 'home.test' });
    const bot = hs.registerUser('quorra', { displayName: 'Quorra' });
    app = await bootApp({
      config: {
        matrix: {
          homeserverUrl: hs.url,
          accessToken: bot.accessToken,
          e2ee: false,
          registrationSharedSecret: SECRET,
          publicUrl: 'http://192.0.2.10:8008',
          elementUrl: 'http://192.0.2.10:8088',
        },
      },
    });
    owner = await addUser(app, 'Olivia');
    browser = await launchChromium();
    mkdirSync(screenshotDir, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await hs?.close();
  });

  for (const [width, height, name] of [
    [390, 844, 'Ana'],
    [1280, 900, 'Bruno'],
  ] as const)
    it(`at ${width} px: shows the QR code, the link and the temporary password, and they sign in`, async () => {
      const page = await signedInPage(browser, app, owner.id, { width, height });
      await page.goto(`${app.url}/admin/#/people`);
      await page.getByRole('button', { name: 'Add a person' }).click();
      const form = page.getByRole('form', { name: 'Add a person' });
      await form.getByLabel('Name', { exact: true }).fill(name);
      assert.ok(await form.getByLabel('Create a Matrix account for them').isChecked(), 'the default here');
      await form.getByLabel(/Matrix user name \(optional, becomes @name:home\.test\)/).waitFor();
      assert.equal(await form.getByLabel('Matrix IDs').count(), 0, 'no ID to type: the account is made');
      await form.getByRole('button', { name: 'Add' }).click();

      const card = page.getByRole('region', { name: `Sign-in for ${name}` });
      await card.waitFor();
      const qr = card.getByRole('img', { name: /QR code: the Element sign-in link/ });
      await qr.waitFor();
      const qrSize = await qr.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
      assert.ok(qrSize >= 300, `the QR code is drawn (${qrSize} px)`);
      assert.equal(
        await card.getByTestId('sign-in-link').getAttribute('href'),
        'http://192.0.2.10:8088/#/login',
      );
      const localpart = name.toLowerCase();
      assert.equal((await card.getByTestId('matrix-user').textContent())?.trim(), `@${localpart}:home.test`);
      const password = (await card.getByTestId('temporary-password').textContent())!.trim();
      assert.match(password, /^[\w-]{16}$/);
      assert.equal(
        await page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        ),
        false,
        'no sideways scrolling',
      );
      await page.screenshot({
        path: path.join(screenshotDir, `people-matrix-account-${width}.png`),
        fullPage: true,
      });

      // what the page shows is what works: the person signs in on the homeserver with it
      const login = await fetch(`${hs.url}/_matrix/client/v3/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'm.login.password',
          identifier: { type: 'm.id.user', user: localpart },
          password,
        }),
      });
      assert.equal(login.status, 200);
      const person = (await call(app, owner, 'GET', '/admin/users')).json.users.find(
        (u: any) => u.display_name === name,
      );
      assert.deepEqual(person.matrix_ids, [`@${localpart}:home.test`]);
      await page.locator(`article[data-user="${person.id}"]`).getByText(`@${localpart}:home.test`).waitFor();

      await card.getByRole('button', { name: 'Done' }).click();
      await card.waitFor({ state: 'detached' });
      assert.equal(await page.getByText(password).count(), 0, 'the password is not shown again');
      await page.context().close();
    });

  it('without the secret asks for the person’s existing Matrix ID', async () => {
    const plain = await bootApp();
    try {
      const o = await addUser(plain, 'Olivia');
      const page = await signedInPage(browser, plain, o.id, { width: 390, height: 844 });
      await page.goto(`${plain.url}/admin/#/people`);
      await page.getByRole('button', { name: 'Add a person' }).click();
      const form = page.getByRole('form', { name: 'Add a person' });
      await form.getByText('Their existing Matrix ID').waitFor();
      assert.equal(await form.getByLabel('Create a Matrix account for them').count(), 0);
      await form.getByLabel('Name').fill('Cleo');
      await form.getByLabel('Matrix IDs').fill('@cleo:elsewhere.example');
      await form.getByRole('button', { name: 'Add' }).click();
      await page.locator('article[data-user="cleo"]').getByText('@cleo:elsewhere.example').waitFor();
      assert.equal(await page.getByTestId('matrix-sign-in').count(), 0);
      await page.context().close();
    } finally {
      await plain.stop({ clean: true });
    }
  });
});
