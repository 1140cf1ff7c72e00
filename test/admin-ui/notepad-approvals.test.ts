// Notepad proposals on the admin UI's Approvals page in a real Chromium: approve, edit (re-triaged), reject.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { answer, triageCall } from '../plugins/notepad/triage-script.ts';
import { type BootedApp, bootApp } from '../support/boot-app.ts';
import { addUser, call, type TestUser } from '../support/household.ts';
import { ScriptedModelServer } from '../support/model-server.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

describe('admin UI notepad proposals (Chromium)', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;
  let page: Page;
  const item = (text: string) =>
    page.getByRole('list', { name: 'Proposals' }).locator('li', { hasText: text });
  const jot = async (text: string) =>
    (await call(app, owner, 'POST', '/plugins/notepad/items', { text, client_id: text })).json.id as number;
  const proposals = async () => (await call(app, owner, 'GET', '/plugins/notepad/review')).json.items;

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    model = await ScriptedModelServer.start();
    app = await bootApp({ model });
    owner = await addUser(app, 'Olivia');
    const a = await jot('the bins go out on tuesday');
    const b = await jot('buy milk');
    const c = await jot('maybe repaint the shed');
    model.on(
      triageCall,
      answer([
        {
          jot: a,
          outcome: 'propose',
          actions: [{ kind: 'memory', payload: { content: 'The bins go out on Tuesday.' } }],
        },
        { jot: b, outcome: 'propose', actions: [{ kind: 'memory', payload: { content: 'Buy milk.' } }] },
        {
          jot: c,
          outcome: 'propose',
          actions: [{ kind: 'memory', payload: { content: 'Repaint the shed.' } }],
        },
      ]),
    );
    assert.equal((await call(app, owner, 'POST', '/plugins/notepad/triage-now')).json.proposed, 3);
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(10_000);
    const link = await app.quorra.conversation.signInGrants.issueLink(owner.id);
    await page.goto(`${app.url}/admin/#/link/${link}`);
    await page.getByTestId('signed-in-as').waitFor();
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Approvals' }).click();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await model?.close();
  });

  it('approves, edits and rejects proposals with buttons', async () => {
    // structured fields, no JSON: the payload's parts under our labels, the model's text shown as data
    const bins = item('Remember: The bins go out on Tuesday.');
    assert.deepEqual(await bins.locator('dt').allTextContents(), ['Content']);
    assert.equal(
      await bins.locator('bdi.untrusted[data-field="Content"]').textContent(),
      'The bins go out on Tuesday.',
    );
    await item('Remember: The bins go out on Tuesday.')
      .getByRole('button', { name: /^Approve:/ })
      .click();
    await item('Remember: The bins go out on Tuesday.').waitFor({ state: 'detached' });
    const memories = JSON.stringify((await call(app, owner, 'GET', '/memory')).json);
    assert.ok(memories.includes('The bins go out on Tuesday.'));

    const milk = (await proposals()).find((i: any) => i.text === 'Remember: Buy milk.');
    model.on(triageCall, (body) => {
      assert.match(body.messages[1].content, /A: oat milk, two cartons/);
      return answer([
        {
          jot: Number(milk.proposal.sourceId),
          outcome: 'propose',
          actions: [{ kind: 'memory', payload: { content: 'Buy two cartons of oat milk.' } }],
        },
      ]);
    });
    await item('Remember: Buy milk.')
      .getByRole('button', { name: /^Edit:/ })
      .click();
    await page.getByLabel('Your text').fill('oat milk, two cartons');
    await item('Remember: Buy milk.').getByRole('button', { name: 'Edit', exact: true }).click();
    await item('Remember: Buy two cartons of oat milk.').waitFor();
    assert.equal(await item('Remember: Buy milk.').count(), 0);

    await item('Remember: Repaint the shed.')
      .getByRole('button', { name: /^Reject:/ })
      .click();
    await item('Remember: Repaint the shed.').waitFor({ state: 'detached' });
    const left = (await proposals()).map((i: any) => i.text);
    assert.deepEqual(left, ['Remember: Buy two cartons of oat milk.']);
  });
});
