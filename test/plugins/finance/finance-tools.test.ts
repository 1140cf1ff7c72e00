// The finance tools through /chat with the scripted model: tiers, matching, proposals, confirmed delete, budget pinning, guests.
import assert from 'node:assert/strict';
import type { ReservationPrincipal } from '../../../core/contracts/principal.ts';
import type { FinanceService } from '../../../plugins/finance/finance-service.ts';
import type { BootedApp } from '../../support/boot-app.ts';
import { chat, systemPromptOf, type TestUser } from '../../support/household.ts';
import type { ScriptedModelServer } from '../../support/model-server.ts';
import { type FinanceApp, lastResult, offered, startFinanceApp, toolResults } from './finance-app-kit.ts';

describe('finance tools', () => {
  let w: FinanceApp;
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let service: FinanceService;

  before(async () => {
    w = await startFinanceApp();
    ({ model, app, owner, member, service } = w);
  });
  beforeEach(() => model.reset());
  after(() => w?.stop());

  const run = (user: TestUser, name: string, args: Record<string, unknown>, extra: object = {}) =>
    w.run(user, name, args, extra);

  it('offers the five tools and the finance prompt in a finance session', async () => {
    await chat(app, member, { message: 'hi', scope: ['finance'] });
    const body = model.chatRequests()[0].body;
    assert.deepEqual(
      offered(body)
        .filter((n) => n.startsWith('finance_'))
        .sort(),
      [
        'finance_categorize',
        'finance_delete_transaction',
        'finance_log_transaction',
        'finance_query',
        'finance_set_budget',
      ],
    );
    assert.match(systemPromptOf(body), /## Scope: finance/);
  });

  it('logs spending (tier 1, audited), matching category and payee, and notes only "logged … at …"', async () => {
    await run(owner, 'finance_set_budget', { category: 'groceries', amount: '300', month: '2026-11' });
    assert.deepEqual(lastResult(model), {
      set: true,
      category: 'Groceries',
      month: '2026-11',
      amount: '€300.00',
    });
    await run(owner, 'finance_log_transaction', {
      amount: '12.50',
      payee: 'Lidl',
      category: 'groceries',
      date: '2026-11-03',
    });
    const first = lastResult(model);
    assert.equal(first.logged, true);
    assert.equal(
      first.summary,
      'Logged €12.50 at Lidl (Groceries) on 2026-11-03. Groceries in 2026-11: €12.50 of €300.00, €287.50 left.',
    );
    // a differently written payee is matched to the known one
    await run(member, 'finance_log_transaction', {
      amount: '7,30',
      payee: 'LIDL',
      category: 'Groceries',
      date: '2026-11-04',
    });
    assert.match(lastResult(model).summary, /^Logged €7\.30 at Lidl \(Groceries\)/);
    const audit = (await app.quorra.conversation.audit.recent(20)).filter(
      (a) => a.tool === 'finance_log_transaction',
    );
    assert.equal(audit.length, 2);
    assert.ok(audit.every((a) => a.tier === 1 && a.outcome === 'ok'));
    // a finance turn keeps the person's words only, never Quorra's answer with the figures
    const turns = await app.quorra.db.query("SELECT text FROM notes WHERE source_kind = 'chat_turn'");
    assert.ok(turns.length >= 2);
    assert.ok(turns.every((n: any) => /^User \(/.test(n.text) && !n.text.includes('Quorra:')));
    const notes = await app.quorra.db.query(
      "SELECT text, owner_user_id FROM notes WHERE source_kind = 'plugin' ORDER BY seq",
    );
    assert.deepEqual(
      notes.map((n: any) => [n.text, n.owner_user_id]),
      [
        ['logged 12.50 at Lidl', owner.id],
        ['logged 7.30 at Lidl', member.id],
      ],
    );
  });

  it('proposes a new category instead of inventing it, and creates it only when asked to', async () => {
    const before = (await (await service.budgets.backend('household')).categories()).length;
    await run(owner, 'finance_log_transaction', {
      amount: '40',
      payee: 'Vet',
      category: 'Pets',
      date: '2026-11-05',
    });
    const r = lastResult(model);
    assert.equal(r.logged, false);
    assert.match(r.proposal, /create "Pets"/);
    assert.ok(r.categories.includes('Groceries'));
    const backend = await service.budgets.backend('household');
    assert.equal((await backend.categories()).length, before);
    assert.equal((await backend.transactions({ from: '2026-11-05', to: '2026-11-05' })).length, 0);
    await run(owner, 'finance_log_transaction', {
      amount: '40',
      payee: 'Vet',
      category: 'Pets',
      date: '2026-11-05',
      create_category_in: 'Everyday',
    });
    assert.equal(lastResult(model).logged, true);
    assert.ok((await backend.categories()).some((c) => c.name === 'Pets' && c.group === 'Everyday'));
  });

  it('queries spending by category and budget vs actual (tier 0, not audited)', async () => {
    await run(member, 'finance_query', { kind: 'spending', month: '2026-11' });
    const r = lastResult(model);
    assert.deepEqual(r.lines[0], { category: 'Pets', spent: '€40.00', count: 1 });
    assert.ok(r.lines.some((l: any) => l.category === 'Groceries' && l.spent === '€19.80'));
    await run(member, 'finance_query', { kind: 'budget', month: '2026-11' });
    const g = lastResult(model).lines.find((l: any) => l.category === 'Groceries');
    assert.deepEqual(g, {
      category: 'Groceries',
      budgeted: '€300.00',
      spent: '€19.80',
      available: '€280.20',
    });
    const audited = (await app.quorra.conversation.audit.recent(50)).filter(
      (a) => a.tool === 'finance_query',
    );
    assert.equal(audited.length, 0);
  });

  it('categorises many at once and marks them reviewed', async () => {
    const backend = await service.budgets.backend('household');
    const acc = (await backend.accounts())[0];
    const a = await backend.logTransaction({
      accountId: acc.id,
      date: '2026-11-06',
      amount: -500,
      payee: 'Bus',
    });
    const b = await backend.logTransaction({
      accountId: acc.id,
      date: '2026-11-06',
      amount: -900,
      payee: 'Cinema',
    });
    await run(owner, 'finance_categorize', {
      items: [
        { transaction_id: a.id, category: 'transport' },
        { transaction_id: b.id, category: 'Entertainment' },
        { transaction_id: 'nope', category: 'Entertainment' },
      ],
    });
    const r = lastResult(model);
    assert.equal(r.updated, 2);
    assert.equal(r.failed[0].transaction_id, 'nope');
    const cats = new Map((await backend.categories()).map((c) => [c.id, c.name]));
    const after = await backend.transaction(a.id);
    assert.equal(cats.get(after?.categoryId ?? ''), 'Transport');
    assert.equal(after?.reviewed, true);
  });

  it('deletes only after confirmation, and the question names amount, payee and date', async () => {
    const backend = await service.budgets.backend('household');
    const acc = (await backend.accounts())[0];
    const t = await backend.logTransaction({
      accountId: acc.id,
      date: '2026-11-07',
      amount: -2599,
      payee: 'Bookshop',
    });
    model
      .next({
        toolCalls: [
          {
            name: 'finance_query',
            arguments: { kind: 'transactions', from: '2026-11-07', to: '2026-11-07' },
          },
        ],
      })
      .next({ content: 'Found it.' });
    const s = await chat(app, owner, { message: 'what did I buy on the 7th?', scope: ['finance'] });
    model.next({ toolCalls: [{ name: 'finance_delete_transaction', arguments: { transaction_id: t.id } }] });
    const r = await chat(app, owner, { message: 'delete the bookshop one', session_id: s.json.session_id });
    assert.equal(r.json.pending_confirmation.description, 'delete -€25.99 at Bookshop on 2026-11-07');
    assert.ok(await backend.transaction(t.id), 'nothing deleted before the answer');
    model.next({ content: 'Deleted.' });
    await chat(app, owner, { message: 'yes', session_id: s.json.session_id });
    assert.equal(await backend.transaction(t.id), null);
  });

  it('a workspace session sees only its pinned budget', async () => {
    const rental = await service.budgets.backend('rental');
    const acc = (await rental.accounts())[0];
    await rental.logTransaction({
      accountId: acc.id,
      date: '2026-11-08',
      amount: -8000,
      payee: 'Cleaner',
      categoryId: null,
    });
    await run(
      owner,
      'finance_query',
      { kind: 'transactions', from: '2026-11-01', to: '2026-11-30' },
      { workspace: 'cabin' },
    );
    assert.deepEqual(
      lastResult(model).map((t: any) => t.payee),
      ['Cleaner'],
    );
    await run(
      owner,
      'finance_query',
      { kind: 'transactions', from: '2026-11-01', to: '2026-11-30' },
      { workspace: 'home' },
    );
    const home = lastResult(model).map((t: any) => t.payee);
    assert.ok(home.includes('Lidl') && !home.includes('Cleaner'));
    // a log in the cabin lands in the rental budget
    await run(
      member,
      'finance_log_transaction',
      { amount: '15', payee: 'Hardware store', date: '2026-11-09' },
      { workspace: 'cabin' },
    );
    assert.equal(
      (await rental.transactions({ from: '2026-11-09', to: '2026-11-09' }))[0].payee,
      'Hardware store',
    );
    const household = await service.budgets.backend('household');
    assert.equal((await household.transactions({ from: '2026-11-09', to: '2026-11-09' })).length, 0);
  });

  it('never offers a guest the finance tools, and refuses them when named', async () => {
    const guest: ReservationPrincipal = { kind: 'reservation', reservationId: 'res-1', workspace: 'cabin' };
    model
      .next({ toolCalls: [{ name: 'finance_query', arguments: { kind: 'balances' } }] })
      .next({ content: 'sorry' });
    await app.quorra.conversation.engine.handle({
      principal: guest,
      message: 'how much did the cleaner cost?',
      scope: ['general'],
    });
    assert.ok(offered(model.chatRequests()[0].body).every((n) => !n.startsWith('finance_')));
    const result = toolResults(model.chatRequests()[1].body)[0];
    assert.match(result, /not available in this conversation/);
    assert.doesNotMatch(result, /Cleaner|80/);
  });
});
