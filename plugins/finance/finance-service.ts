// What tools, the spent command and the routes share: the budget of a turn, today, matching, logging with a note.
import { fail, type NotesCapability } from 'quorra/plugin';
import { parseAmount } from './amount-text.ts';
import type { BudgetAccess } from './budget-access.ts';
import type { BudgetRegistry } from './budget-registry.ts';
import { decimalMarkOf } from './decimal-mark.ts';
import type { Category, FinanceBackend, Split, Transaction } from './finance-backend.ts';
import { localDate, monthOf } from './local-date.ts';
import { formatMoney, toDecimal } from './money.ts';
import { matchName } from './payee-name.ts';
import type { SeenTransactions } from './seen-transactions.ts';

/** Who a write is for: the person, and the workspace the note belongs to. */
export interface Actor {
  userId: string;
  workspace: string | null;
}

export interface SpendInput {
  /** A decimal as people write it ("12.50", "12,50"): money out unless income is true. */
  amount: string;
  payee: string;
  category?: string;
  account?: string;
  date?: string;
  notes?: string;
  income?: boolean;
  /** Set only after the person agreed to a proposed new category: the group to create it in. */
  createCategoryIn?: string;
  splits?: { category: string; amount: string }[];
}

export type SpendResult =
  | { status: 'logged'; transaction: Transaction; category: Category | null; summary: string }
  | {
      status: 'needs_category';
      asked: string;
      proposal: { name: string; group: string };
      categories: string[];
    };

export class FinanceService {
  constructor(
    readonly budgets: BudgetRegistry,
    readonly access: BudgetAccess,
    private readonly notes: NotesCapability,
    readonly seen: SeenTransactions,
    private readonly timeZone: () => Promise<string>,
  ) {}

  async today(): Promise<string> {
    return localDate(new Date(), await this.timeZone());
  }

  /** The category called `name` (exact or the one unambiguous near match), or undefined. */
  matchCategory(categories: Category[], name: string): Category | undefined {
    const hit = matchName(
      name,
      categories.map((c) => c.name),
    );
    return categories.find((c) => c.name === hit);
  }

  /** The account a quick entry goes to: the named one, else the first on-budget account in the budget's currency. */
  async account(backend: FinanceBackend, name?: string) {
    const accounts = await backend.accounts();
    const found = name
      ? (accounts.find((a) => a.id === name) ??
        accounts.find(
          (a) =>
            a.name ===
            matchName(
              name,
              accounts.map((x) => x.name),
            ),
        ))
      : (accounts.find((a) => !a.offBudget && a.currency === backend.currency) ?? accounts[0]);
    if (!found)
      throw fail.invalid(
        'FINANCE_NO_ACCOUNT',
        name ? `no account "${name}"` : 'this budget has no account yet',
      );
    return found;
  }

  /** Logs what someone spent; an unknown category comes back as a proposal, never created silently. */
  async logSpend(budgetId: string, input: SpendInput, actor: Actor): Promise<SpendResult> {
    const backend = await this.budgets.backend(budgetId);
    const account = await this.account(backend, input.account);
    let categories = await backend.categories();
    const resolve = async (name: string): Promise<Category | { missing: string }> => {
      const found = this.matchCategory(categories, name);
      if (found) return found;
      if (!input.createCategoryIn) return { missing: name };
      const made = await backend.createCategory({ name: name.trim(), group: input.createCategoryIn });
      categories = [...categories, made];
      return made;
    };
    const sign = input.income ? 1 : -1;
    const amount =
      sign *
      Math.abs(
        parseAmount(
          input.amount,
          account.currency,
          decimalMarkOf([{ text: input.amount }], account.currency),
        ),
      );
    let category: Category | null = null;
    let splits: Split[] | undefined;
    const toPropose = (missing: string): SpendResult => ({
      status: 'needs_category',
      asked: missing,
      proposal: { name: missing.trim(), group: 'Everyday' },
      categories: categories.filter((c) => !c.isIncome).map((c) => c.name),
    });
    if (input.splits?.length) {
      splits = [];
      for (const s of input.splits) {
        const c = await resolve(s.category);
        if ('missing' in c) return toPropose(c.missing);
        splits.push({ categoryId: c.id, amount: sign * Math.abs(parseAmount(s.amount, account.currency)) });
      }
    } else if (input.category) {
      const c = await resolve(input.category);
      if ('missing' in c) return toPropose(c.missing);
      category = c;
    }
    const payees = await backend.payees();
    const payee = matchName(input.payee, payees) ?? input.payee.trim();
    const transaction = await backend.logTransaction({
      accountId: account.id,
      date: input.date ?? (await this.today()),
      amount,
      payee,
      categoryId: category?.id ?? null,
      notes: input.notes ?? null,
      reviewed: true,
      splits,
    });
    this.seen.remember([transaction]);
    await this.notes.append({
      slice: { workspace: actor.workspace, visibility: 'private', ownerUserId: actor.userId },
      sourceKind: 'plugin',
      sourceId: `finance:${transaction.id}`,
      text: `logged ${toDecimal(Math.abs(amount), account.currency)} at ${payee}`,
    });
    return {
      status: 'logged',
      transaction,
      category,
      summary: await this.summaryAfterLog(backend, transaction, category),
    };
  }

  /** "Logged €12.50 at Lidl (Groceries). Groceries in November: €212.50 of €300.00, €87.50 left." */
  private async summaryAfterLog(
    backend: FinanceBackend,
    t: Transaction,
    category: Category | null,
  ): Promise<string> {
    const head = `Logged ${formatMoney(Math.abs(t.amount), t.currency)} ${t.amount < 0 ? 'at' : 'from'} ${t.payee}${category ? ` (${category.name})` : ''} on ${t.date}.`;
    if (!category || t.currency !== backend.currency) return head;
    const month = monthOf(t.date);
    const line = (await backend.budgetMonth(month)).lines.find((l) => l.categoryId === category.id);
    if (!line) return head;
    const spent = formatMoney(-line.activity, backend.currency);
    if (!line.budgeted && !line.carriedIn)
      return `${head} ${category.name} in ${month}: ${spent} so far, no budget set.`;
    const left = line.available;
    const tail =
      left >= 0
        ? `${formatMoney(left, backend.currency)} left`
        : `${formatMoney(-left, backend.currency)} over`;
    return `${head} ${category.name} in ${month}: ${spent} of ${formatMoney(line.budgeted + line.carriedIn, backend.currency)}, ${tail}.`;
  }
}
