// The auto-send policy of a hosting workspace as a form in a real Chromium: switch, categories with thresholds, the cap.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { rootDir } from '../../core/build-info.ts';
import { bootConcierge } from '../plugins/concierge/concierge-test-kit.ts';
import type { BootedApp } from '../support/boot-app.ts';
import { call, type TestUser } from '../support/household.ts';
import { ScriptedModelServer } from '../support/model-server.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

const screenshotDir = path.join(rootDir, 'test-output', 'admin-ui');

describe('admin UI auto-send policy (Chromium)', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let workspace: string;
  let browser: Browser;

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    model = await ScriptedModelServer.start();
    ({ app, owner, workspace } = await bootConcierge(model, null));
    browser = await launchChromium();
    mkdirSync(screenshotDir, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await model?.close();
  });

  for (const width of [390, 1280]) {
    it(`sets the policy in words at ${width} px and the server keeps exactly that`, async () => {
      const page = await signedInPage(browser, app, owner.id, { width, height: 844 });
      await page.goto(`${app.url}/admin/#/workspaces`);
      const form = page.getByRole('form', { name: 'Guest replies on your behalf' });
      await form.waitFor();
      // off until the owner says so; the never-topics are named, not offered
      assert.equal(await form.getByLabel('Answer easy questions on my behalf').isChecked(), false);
      await form
        .getByText(/Always waits for you: refunds and money back, .*door, lock or key-box codes/)
        .waitFor();
      assert.equal(await form.getByLabel(/Refunds/).count(), 0);

      await form.getByLabel('Answer easy questions on my behalf').check();
      await form.getByLabel('Wi-Fi and internet', { exact: true }).check();
      await form.getByLabel('How sure for Wi-Fi and internet (percent)').fill('90');
      await form.getByLabel('Parking', { exact: true }).check();
      await form.getByLabel('Replies per stay per day').fill('2');
      await form.getByRole('button', { name: 'Save' }).click();
      await form
        .getByRole('status')
        .getByText('Saved. Quorra now answers 2 kinds of question on your behalf.')
        .waitFor();
      await page.screenshot({
        path: path.join(screenshotDir, `workspace-autonomy-${width}.png`),
        fullPage: true,
      });

      const stored = await call(app, owner, 'GET', `/plugins/concierge/autonomy/${workspace}`);
      assert.deepEqual(stored.json.policy, {
        enabled: true,
        dailyCap: 2,
        categories: [
          { category: 'wifi', threshold: 0.9 },
          { category: 'parking', threshold: 0.8 },
        ],
      });
      // switched off again with the one switch
      await form.getByLabel('Answer easy questions on my behalf').uncheck();
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByRole('status').getByText('Saved. Every guest reply waits for you.').waitFor();
      assert.equal(
        (await call(app, owner, 'GET', `/plugins/concierge/autonomy/${workspace}`)).json.policy.enabled,
        false,
      );
      await page.context().close();
    });
  }
});
