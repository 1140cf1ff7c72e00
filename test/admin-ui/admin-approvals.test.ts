// Guest drafts as cards of the approvals queue in a real Chromium: structured fields (guest text shown as data),
// Send, Edit and send, Discard — each reaches the PMS at most once, and a PMS failure keeps the card with its error.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { bootConcierge, deliver, guestEvent, rows } from '../plugins/concierge/concierge-test-kit.ts';
import type { BootedApp } from '../support/boot-app.ts';
import { call, type TestUser } from '../support/household.ts';
import { ScriptedModelServer } from '../support/model-server.ts';
import { PmsServer } from '../support/pms-server.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

describe('admin UI guest drafts (Chromium)', () => {
  let model: ScriptedModelServer;
  let pms: PmsServer;
  let app: BootedApp;
  let owner: TestUser;
  let browser: Browser;
  let page: Page;

  /** Delivers a guest message; resolves with its message id and its queue row id once drafted. */
  const drafted = async (text: string, reply: string) => {
    model.on(text, { content: reply });
    const r = await deliver(app, guestEvent(text, { reservation: { id: 'R-300' } }));
    assert.equal((await rows.message(app, r.json.draft)).state, 'drafted');
    return { message: r.json.draft as number, id: (await rows.proposal(app, r.json.draft)).id };
  };
  const item = (text: string) =>
    page.getByRole('list', { name: 'Proposals' }).locator('li', { hasText: text });

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    model = await ScriptedModelServer.start();
    pms = await PmsServer.start();
    ({ app, owner } = await bootConcierge(model, pms));
    browser = await launchChromium();
    page = await (await browser.newContext()).newPage();
    page.setDefaultTimeout(10_000);
    const link = await app.quorra.conversation.signInGrants.issueLink(owner.id);
    await page.goto(`${app.url}/admin/#/link/${link}`);
    await page.getByTestId('signed-in-as').waitFor();
  });
  after(async () => {
    await browser?.close();
    await app?.stop({ clean: true });
    await model?.close();
    await pms?.close();
  });

  it('sends, edits and sends, and discards drafts; each reaches the PMS at most once', async () => {
    const send = await drafted('Where are the towels? <b>now</b> **please**', 'In the hall closet.');
    const edit = await drafted('Is there a hair dryer?', 'Yes, in the drawer.');
    const discard = await drafted('Can we check out late?', 'Sure, any time.');
    await page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Approvals' }).click();

    // the card's fields: labels are ours, the guest's and the model's text sits in them as data, never as markup
    const card = item('In the hall closet.');
    assert.deepEqual(await card.locator('dt').allTextContents(), [
      'Guest',
      'Property',
      'Stay',
      'Message',
      'Draft reply',
    ]);
    const message = card.locator('bdi.untrusted[data-field="Message"]');
    assert.equal(await message.textContent(), 'Where are the towels? <b>now</b> **please**');
    assert.equal(await card.locator('b').count(), 0, 'guest text never becomes markup');
    assert.equal(await card.locator('bdi.untrusted[data-field="Guest"]').textContent(), 'Anna Berg');

    // a PMS failure keeps the card, with the error, and a later press sends it once
    pms.failNext(500, 500, 500);
    await card.getByRole('button', { name: /^Send:/ }).click();
    await card.getByText(/Last try failed: .*the PMS answered 500/).waitFor();
    assert.equal(pms.messages.length, 0);

    await item('In the hall closet.')
      .getByRole('button', { name: /^Send:/ })
      .click();
    await item('In the hall closet.').waitFor({ state: 'detached' });
    assert.deepEqual(
      pms.messages.map((m) => m.text),
      ['In the hall closet.'],
    );

    await item('Yes, in the drawer.')
      .getByRole('button', { name: /^Edit and send:/ })
      .click();
    const text = page.getByLabel('Your text');
    assert.equal(await text.inputValue(), 'Yes, in the drawer.');
    await text.fill('Yes, in the left bathroom drawer.');
    await item('Yes, in the drawer.').getByRole('button', { name: 'Edit and send', exact: true }).click();
    await item('Yes, in the drawer.').waitFor({ state: 'detached' });
    assert.deepEqual(
      pms.messages.map((m) => m.text),
      ['In the hall closet.', 'Yes, in the left bathroom drawer.'],
    );

    await item('Sure, any time.')
      .getByRole('button', { name: /^Discard:/ })
      .click();
    await item('Sure, any time.').waitFor({ state: 'detached' });
    assert.equal((await rows.message(app, discard.message)).state, 'discarded');
    assert.equal(pms.messages.length, 2, 'a discarded draft never goes out');

    // a second press (another tab, or the chat command) is refused by the same route: nothing goes out twice
    for (const { id } of [send, edit, discard])
      assert.equal((await call(app, owner, 'POST', `/approvals/${id}/approve`, {})).status, 409);
    assert.equal(pms.messages.length, 2);
    await page.getByText('Nothing is waiting for your approval.').waitFor();
  });
});
