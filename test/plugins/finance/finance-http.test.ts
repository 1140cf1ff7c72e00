// The finance plugin over HTTP and in modes: statement import, each mode's entry context and who sees it, /health.
import assert from 'node:assert/strict';
import type { BootedApp } from '../../support/boot-app.ts';
import { addUser, call, chat, systemPromptOf, type TestUser } from '../../support/household.ts';
import type { ScriptedModelServer } from '../../support/model-server.ts';
import { type FinanceApp, startFinanceApp } from './finance-app-kit.ts';
import { fixture } from './statement-fixtures.ts';

describe('finance over HTTP and in modes', () => {
  let w: FinanceApp;
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;

  before(async () => {
    w = await startFinanceApp();
    ({ model, app, owner, member } = w);
  });
  beforeEach(() => model.reset());
  after(() => w?.stop());

  it("a mode brings its entry context on the first turn, seen only in the owner's turn inspector", async () => {
    for (const [user, mode, heading] of [
      [owner, 'budget', '## Budget planning'],
      [member, 'reconcile', '## To reconcile'],
      [member, 'review', '## Spending review'],
    ] as const) {
      model.reset();
      model.next({ content: 'Hi.' }).next({ content: 'Next.' });
      const s = await chat(app, user, { message: 'hello', scope: ['finance'] });
      const set = await call(app, user, 'PUT', `/sessions/${s.json.session_id}/mode`, { mode });
      assert.equal(set.status, 200, JSON.stringify(set.json));
      await chat(app, user, { message: 'start', session_id: s.json.session_id });
      const prompt = systemPromptOf(model.chatRequests()[1].body);
      assert.match(prompt, new RegExp(`## Mode: ${mode}`));
      assert.match(prompt, new RegExp(`## Mode context\n${heading}`));
    }
    const mine = await call(app, owner, 'GET', '/inspect/turns');
    assert.equal(mine.status, 200);
    assert.match(JSON.stringify(mine.json), /Budget planning/);
    assert.doesNotMatch(
      JSON.stringify(mine.json),
      /To reconcile|Spending review/,
      "members' turns are not the owner's",
    );
    const theirs = await call(app, member, 'GET', '/inspect/turns');
    assert.equal(theirs.status, 403);
  });

  it('imports a statement over HTTP once; a member only into a budget shared with them', async () => {
    const ofx = [
      '<OFX><BANKTRANLIST>',
      '<STMTTRN><DTPOSTED>20261110<TRNAMT>-19.99<FITID>A1<NAME>Phone Co',
      '<STMTTRN><DTPOSTED>20261111<TRNAMT>-5.00<FITID>A2<NAME>Kiosk',
      '</BANKTRANLIST></OFX>',
    ].join('\n');
    const first = await call(app, member, 'POST', '/plugins/finance/import', {
      account: 'Checking',
      content: ofx,
    });
    assert.equal(first.status, 200, JSON.stringify(first.json));
    assert.deepEqual(first.json, {
      account: 'Checking',
      encoding: 'utf-8',
      added: 2,
      duplicates: 0,
      unreadable: [],
    });
    const again = await call(app, member, 'POST', '/plugins/finance/import', {
      account: 'Checking',
      content: ofx,
    });
    assert.deepEqual([again.json.added, again.json.duplicates], [0, 2]);
    const rental = await call(app, member, 'POST', '/plugins/finance/import', {
      budget: 'rental',
      account: 'Checking',
      content: ofx,
    });
    assert.equal(rental.status, 200, 'the cabin binding shares the rental budget');
    const csv = await call(app, owner, 'POST', '/plugins/finance/import', {
      account: 'Checking',
      content: 'a,b\n1,2',
    });
    assert.equal(csv.status, 400);
    assert.equal(csv.json.error.code, 'FINANCE_MAPPING_NEEDED');
    const bad = await call(app, owner, 'POST', '/plugins/finance/import', { account: 'Checking' });
    assert.equal(bad.status, 400);
    assert.equal(bad.json.error.code, 'VALIDATION_FAILED');
    const nobody = await call(app, null, 'POST', '/plugins/finance/import', {
      account: 'Checking',
      content: ofx,
    });
    assert.equal(nobody.status, 401);
  });

  it('reads a file sent as bytes in its own encoding, or in the one named; an unknown name is a 400 in words', async () => {
    const latin1 = fixture('sparkasse-latin1.csv');
    const mapping = {
      skipLines: 2,
      date: 'Buchungstag',
      payee: 'Beguenstigter/Zahlungspflichtiger',
      amount: 'Betrag',
      decimal: ',',
      dateFormat: 'DD.MM.YYYY',
    };
    const body = { budget: 'rental', account: 'Checking', mapping, contentBase64: latin1.toString('base64') };
    const first = await call(app, owner, 'POST', '/plugins/finance/import', body);
    assert.equal(first.status, 200, JSON.stringify(first.json));
    assert.equal(first.json.encoding, 'iso-8859-1');
    assert.equal(first.json.added, 3);
    const named = await call(app, owner, 'POST', '/plugins/finance/import', {
      ...body,
      encoding: 'windows-1252',
    });
    assert.equal(named.json.encoding, 'windows-1252');
    assert.deepEqual([named.json.added, named.json.duplicates], [0, 3], 'the same rows, read the same');
    const payees = (
      await (await w.service.budgets.backend('rental')).transactions({ from: '2026-11-01', to: '2026-11-30' })
    ).map((t) => t.payee);
    assert.ok(payees.includes('Bäckerei Müller GmbH'), payees.join(', '));
    const unknown = await call(app, owner, 'POST', '/plugins/finance/import', {
      ...body,
      encoding: 'klingon',
    });
    assert.equal(unknown.status, 400);
    assert.match(JSON.stringify(unknown.json), /not an encoding I know/);
    const both = await call(app, owner, 'POST', '/plugins/finance/import', { ...body, content: 'a,b' });
    assert.equal(both.status, 400);
    assert.match(JSON.stringify(both.json), /content \(text\) or contentBase64/);
  });

  it('shows budget health in /health/details', async () => {
    const health = await call(app, owner, 'GET', '/health/details');
    assert.equal(health.json.checks.finance.status, 'ok');
    assert.match(health.json.checks.finance.budgets, /household \(ledger, EUR\), rental \(ledger, EUR\)/);
  });

  it('shares a workspace’s budget only with the members given that workspace', async () => {
    const leo = await addUser(app, 'Leo', 'member');
    const before = await call(app, leo, 'GET', '/plugins/finance/summary');
    assert.equal(before.status, 403, JSON.stringify(before.json));
    assert.match(JSON.stringify(before.json), /no budget is shared with you/);
    await app.quorra.workspaces.grant('home', leo.id, owner.id);
    const after = await call(app, leo, 'GET', '/plugins/finance/summary');
    assert.equal(after.status, 200, JSON.stringify(after.json));
    const rental = await call(app, leo, 'GET', '/plugins/finance/summary?budget=rental');
    assert.equal(rental.status, 403, 'the cabin was not given to Leo, so its budget is not his');
  });
});
