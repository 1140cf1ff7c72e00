// Fixed household finance data (July to November 2026) that the mode, tool and UI tests read.
import type { FinanceBackend } from '../../../plugins/finance/finance-backend.ts';

/** "Today" for every test that uses the fixture. */
export const TODAY = '2026-11-20';

/** Seeds accounts, categories, budgets and five months of transactions; returns the ids tests need. */
export async function seedHousehold(b: FinanceBackend) {
  const checking = await b.createAccount({ name: 'Checking' });
  const groceries = await b.createCategory({ name: 'Groceries', group: 'Everyday' });
  const eatingOut = await b.createCategory({ name: 'Eating out', group: 'Everyday' });
  const fitness = await b.createCategory({ name: 'Fitness', group: 'Everyday' });
  const log = (date: string, amount: number, payee: string, categoryId: string | null, reviewed = true) =>
    b.logTransaction({ accountId: checking.id, date, amount, payee, categoryId, reviewed });
  for (const m of ['2026-07', '2026-08', '2026-09', '2026-10', '2026-11']) {
    await b.setBudget(m, groceries.id, 30000);
    await b.setBudget(m, eatingOut.id, 10000);
    await b.setBudget(m, fitness.id, 3000);
  }
  for (const m of ['2026-07', '2026-08', '2026-09']) {
    await log(`${m}-05`, -30000, 'Lidl', groceries.id);
    await log(`${m}-12`, -10000, 'Pizzeria', eatingOut.id);
  }
  for (const m of ['2026-07', '2026-08', '2026-09', '2026-10'])
    await log(`${m}-01`, -3000, 'Gym', fitness.id);
  await log('2026-10-05', -45000, 'Lidl', groceries.id);
  await log('2026-10-12', -12000, 'Pizzeria', eatingOut.id);
  await log('2026-09-15', -1299, 'StreamFlix', null);
  await log('2026-10-15', -1299, 'StreamFlix', null);
  await log('2026-11-02', -450, 'Bakery', eatingOut.id, false);
  await log('2026-11-02', -450, 'Bakery', eatingOut.id, false);
  await log('2026-11-03', -1250, 'Lidl', groceries.id);
  const coffee = await log('2026-11-04', -380, 'Corner Coffee', null, false);
  return { checking, groceries, eatingOut, fitness, coffee };
}
