// A new embedded budget starts with one account and the categories most households use, as budgeting apps do.
import type { FinanceBackend } from '../finance-backend.ts';

const starter: Record<string, string[]> = {
  Everyday: ['Groceries', 'Eating out', 'Transport', 'Household'],
  Bills: ['Rent', 'Utilities', 'Phone & internet', 'Insurance'],
  Fun: ['Entertainment', 'Subscriptions', 'Gifts'],
};

/** Seeds an empty budget (no accounts and no categories); leaves any other budget alone. */
export async function seedStarterBudget(b: FinanceBackend): Promise<void> {
  if ((await b.accounts()).length || (await b.categories()).length) return;
  await b.createAccount({ name: 'Checking' });
  for (const [group, names] of Object.entries(starter))
    for (const name of names) await b.createCategory({ name, group });
  await b.createCategory({ name: 'Income', group: 'Income', isIncome: true });
}
