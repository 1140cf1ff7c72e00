// Rooms and workspaces in a real Chromium against the homeserver double: a guided new workspace, a joined room mapped to it, an edit.
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { serviceWords } from '../../admin-ui/src/service-words.ts';
import { kindWords } from '../../admin-ui/src/workspace-words.ts';
import { MatrixWorld } from '../core/matrix/matrix-world.ts';
import { call, type TestUser } from '../support/household.ts';
import { signedInPage } from './sign-in-page.ts';
import { ensureUiBuilt, launchChromium } from './ui-build.ts';

describe('admin UI rooms and workspaces (Chromium, homeserver double)', () => {
  const w = new MatrixWorld();
  let owner: TestUser;
  let member: TestUser;
  let kitchen: string;
  let browser: Browser;
  let page: Page;
  const go = (name: string) =>
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name }).click();

  before(async function () {
    this.timeout(120_000);
    await ensureUiBuilt();
    await w.start();
    const olivia = await w.member('olivia', 'Olivia', 'owner');
    const max = await w.member('max', 'Max', 'member');
    owner = olivia.user!;
    member = max.user!;
    kitchen = await w.group(olivia.mx, [max.mx], 'Kitchen');
    browser = await launchChromium();
    page = await signedInPage(browser, w.app, owner.id);
  });
  after(async () => {
    await browser?.close();
    await w.close();
  });

  it('lists the bot’s rooms by their homeserver names, for the owner only', async () => {
    const listed = await call(w.app, owner, 'GET', '/matrix/joined-rooms');
    assert.equal(listed.status, 200);
    const room = listed.json.rooms.find((r: any) => r.room_id === kitchen);
    assert.equal(room.name, 'Kitchen');
    assert.deepEqual(room.people, ['Max', 'Olivia']);
    assert.equal((await call(w.app, member, 'GET', '/matrix/joined-rooms')).status, 403);
    await go('Rooms');
    const card = page.locator(`article[data-room="${kitchen}"]`);
    await card.getByRole('heading', { name: 'Kitchen' }).waitFor();
    await card.getByText('With Max, Olivia').waitFor();
    assert.match((await card.getByTestId('mapping').textContent())!, /no workspace/);
  });

  it('creates a workspace through the guided flow, with the server’s message on the step it belongs to', async () => {
    const { services } = (await call(w.app, owner, 'GET', '/workspaces/options')).json;
    assert.ok(services.length > 0, 'the world offers at least one service');
    await go('Workspaces');
    await page.getByRole('button', { name: 'New workspace' }).click();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    const current = () =>
      page.getByRole('list', { name: 'Steps' }).locator('[aria-current="step"]').textContent();
    // the name step refuses an empty name itself, in the server's schema's words, before anything is sent
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('#w-name-err').getByText('a workspace needs a visible name').waitFor();
    assert.equal(await page.locator('#w-name').getAttribute('aria-invalid'), 'true');
    assert.equal(await current(), '1. Name');

    // kinds in words, not their ids
    assert.deepEqual(await page.locator('#w-kind option').allTextContents(), [
      ...(await call(w.app, owner, 'GET', '/workspaces/options')).json.kinds.map(kindWords),
    ]);
    assert.ok(
      (await page.locator('#w-kind option').allTextContents()).includes(
        'Household: the family’s shared space',
      ),
    );
    await page.getByLabel('Name').fill('Family');
    await page.getByLabel('What it is for (optional)').fill('Everyday household life');
    await page.getByRole('button', { name: 'Next' }).click();
    // the services step refuses none, by the field
    assert.equal(await current(), '2. Services');
    await page.getByRole('button', { name: 'Next' }).click();
    await page
      .locator('#w-services-err')
      .getByText('choose at least one service for this workspace')
      .waitFor();
    assert.equal(await current(), '2. Services');
    assert.deepEqual(sent, [], 'no step sent anything to the server');
    // services are named for people, each with a line on what it gives
    const first = serviceWords(services[0]);
    await page.getByText(first.line).first().waitFor();
    await page.getByRole('checkbox', { name: first.name }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Matrix room (optional)').selectOption({ label: 'Kitchen' });
    // Quorra's personas by what they are, the household's own one chosen
    assert.equal(await page.getByRole('checkbox', { name: 'The household’s assistant' }).isChecked(), true);
    assert.equal(await page.getByRole('checkbox', { name: 'owner', exact: true }).count(), 0);
    await page.getByRole('button', { name: 'Next' }).click();
    // a note the server refuses (too long) is reported; the workspace and the other notes stay
    await page
      .getByLabel('Starter notes (one per line, optional)')
      .fill(`Bins go out on Tuesday evening\n${'x'.repeat(2001)}\nThe boiler is serviced in March`);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('list', { name: 'Steps' }).getByText('5. Review').waitFor();
    const summary = page.getByRole('definition');
    assert.ok((await summary.allTextContents()).includes('Household: the family’s shared space'));
    assert.ok((await summary.allTextContents()).includes('The household’s assistant'));
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await page
      .getByRole('status')
      .filter({
        hasText:
          'Created Family with 2 starter notes. 1 could not be saved: content is at most 2000 characters',
      })
      .waitFor();
    await page.locator('article[data-workspace="family"]').getByText('room Kitchen').waitFor();

    const family = (await call(w.app, owner, 'GET', '/workspaces')).json.workspaces.find(
      (x: any) => x.slug === 'family',
    );
    assert.equal(family.matrix_room_id, kitchen);
    assert.deepEqual(
      family.services.map((s: any) => s.service),
      [services[0]],
    );
    const notes = (await call(w.app, owner, 'GET', '/household/memory?workspace=family')).json.memories;
    assert.deepEqual(notes.map((n: any) => n.content).sort(), [
      'Bins go out on Tuesday evening',
      'The boiler is serviced in March',
    ]);
  });

  it('maps the joined room to the workspace and a scope by picking them', async () => {
    const { services } = (await call(w.app, owner, 'GET', '/workspaces/options')).json;
    await go('Rooms');
    const card = page.locator(`article[data-room="${kitchen}"]`);
    await card.getByLabel('Workspace').selectOption({ label: 'Family' });
    await card.getByRole('checkbox', { name: services[0] }).check();
    await card.getByRole('button', { name: 'Save mapping for Kitchen' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved: Kitchen now belongs to Family.' }).waitFor();
    await card.getByTestId('mapping').getByText('Family').waitFor();
    const mapped = (await call(w.app, owner, 'GET', '/matrix/rooms')).json.rooms.find(
      (r: any) => r.room_id === kitchen,
    );
    assert.equal(mapped.workspace, 'family');
    assert.deepEqual(mapped.scope, [services[0]]);
    assert.equal(mapped.updated_by, owner.id);
  });

  it('edits a workspace in the same flow: a taken name goes back to its step, the room can be unbound', async () => {
    assert.equal(
      (await call(w.app, owner, 'POST', '/workspaces', { name: 'Choir', services: ['general'] })).status,
      201,
    );
    await go('Workspaces');
    await page.getByRole('button', { name: 'Edit Family' }).click();
    const wizard = page.locator('workspace-wizard[data-workspace="family"]');
    assert.equal(await wizard.getByLabel('Name').inputValue(), 'Family');
    assert.equal(await wizard.getByLabel('Kind').isDisabled(), true);
    await wizard.getByLabel('Name').fill('choir');
    for (let i = 0; i < 3; i++) await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('list', { name: 'Steps' }).getByText('4. Review').waitFor();
    await wizard.getByRole('button', { name: 'Save changes' }).click();
    await wizard.locator('#w-name-err').getByText('a workspace named "Choir" exists').waitFor();

    await wizard.getByLabel('Name').fill('Family home');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    assert.equal(await wizard.getByLabel('Matrix room (optional)').inputValue(), kitchen);
    await wizard.getByLabel('Matrix room (optional)').selectOption({ label: 'No room yet' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved Family home.' }).waitFor();
    const card = page.locator('article[data-workspace="family"]');
    await card.getByRole('heading', { name: 'Family home' }).waitFor();
    assert.equal(await card.getByText('room Kitchen').count(), 0);

    const family = (await call(w.app, owner, 'GET', '/workspaces')).json.workspaces.find(
      (x: any) => x.slug === 'family',
    );
    assert.equal(family.name, 'Family home');
    assert.equal(family.matrix_room_id, null);
    assert.equal(family.description, 'Everyday household life');
  });
});
