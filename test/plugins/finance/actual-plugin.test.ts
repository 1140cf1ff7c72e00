// The finance plugin on an Actual budget: configured by settings, a chat log and query go through @actual-app/api.
import assert from 'node:assert/strict';
import { ActualBackend } from '../../../plugins/finance/actual/actual-backend.ts';
import { ActualSession } from '../../../plugins/finance/actual/actual-session.ts';
import type { FinanceService } from '../../../plugins/finance/finance-service.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { lastResult } from './finance-app-kit.ts';
import { makeTempDir } from './finance-test-kit.ts';

describe('finance plugin on an Actual budget', function () {
  this.timeout(60_000);
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let budgetId: string;
  const tmp = makeTempDir('quorra-actual-plugin-');

  before(async () => {
    // the household's existing Actual budget, with an account and a category, as Actual itself would leave it
    const setup = new ActualSession(tmp.dir);
    budgetId = await setup.create('Family');
    const direct = new ActualBackend(setup, budgetId, 'EUR');
    await direct.createAccount({ name: 'Joint' });
    await direct.createCategory({ name: 'Groceries', group: 'Everyday' });
    await direct.close();
    model = await ScriptedModelServer.start();
    const settings = {
      timezone: 'UTC',
      actualDataDir: tmp.dir,
      budgets: [{ id: 'family', name: 'Family', backend: 'actual', currency: 'EUR', actualBudget: 'Family' }],
    };
    app = await bootApp({ model, config: { plugins: { finance: { settings } } } });
    owner = await addUser(app, 'Olivia');
  });
  after(async () => {
    await app?.stop({ clean: true });
    await model?.close();
    process.once('exit', () => tmp.remove());
  });

  it('logs through the model into Actual and reads it back as budget vs actual', async () => {
    model
      .next({
        toolCalls: [
          {
            name: 'finance_set_budget',
            arguments: { category: 'groceries', amount: '250', month: '2026-11' },
          },
        ],
      })
      .next({ content: 'Set.' });
    await chat(app, owner, { message: 'budget 250 for groceries', scope: ['finance'] });
    model
      .next({
        toolCalls: [
          {
            name: 'finance_log_transaction',
            arguments: { amount: '30.10', payee: 'Lidl', category: 'Groceries', date: '2026-11-12' },
          },
        ],
      })
      .next({ content: 'Logged.' });
    await chat(app, owner, { message: 'spent 30.10 at Lidl', scope: ['finance'] });
    assert.equal(
      lastResult(model).summary,
      'Logged €30.10 at Lidl (Groceries) on 2026-11-12. Groceries in 2026-11: €30.10 of €250.00, €219.90 left.',
    );
    const service = (app.quorra.plugins.api('finance') as { service: FinanceService }).service;
    const backend = await service.budgets.backend('family');
    assert.equal(backend.kind, 'actual');
    const [t] = await backend.transactions({ from: '2026-11-01', to: '2026-11-30' });
    assert.deepEqual([t.payee, t.amount, t.reviewed], ['Lidl', -3010, true]);
    assert.equal((await backend.accounts())[0].name, 'Joint', 'no starter data is added to an Actual budget');
  });
});
