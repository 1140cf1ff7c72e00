// The Actual Budget adapter: the finance capability on a local Actual budget through @actual-app/api.
import { randomUUID } from 'node:crypto';
import { fail } from 'quorra/plugin';
import type {
  Account,
  BudgetLine,
  BudgetMonth,
  Category,
  FinanceBackend,
  NewTransaction,
  Transaction,
  TransactionFilter,
} from '../finance-backend.ts';
import { checkNewTransaction, isUncategorised } from '../transaction-rules.ts';
import type { ActualApi, ActualSession } from './actual-session.ts';

/** Hand-logged rows carry this prefix in imported_id so the adapter can find what it just added. */
const OWN = 'quorra:';
/** Marks, in an Actual transaction's notes, a payee the import filled in (see Transaction.payeeToReview). */
const PAYEE_REVIEW_TAG = '#payee-review';

type Row = Record<string, any>;

/**
 * Actual keeps one currency per budget, so every account reports the budget's currency. "Reviewed" is Actual's
 * cleared flag: a row the person has looked at (or entered themselves) is cleared, a fresh import is not.
 */
export class ActualBackend implements FinanceBackend {
  readonly kind = 'actual';

  constructor(
    private readonly session: ActualSession,
    private readonly budget: string,
    readonly currency: string,
  ) {}

  private run<T>(fn: (api: ActualApi) => Promise<T>): Promise<T> {
    return this.session.run(this.budget, fn);
  }

  accounts(): Promise<Account[]> {
    return this.run(async (api) =>
      (await api.getAccounts())
        .filter((a) => !a.closed)
        .map((a) => ({ id: a.id, name: a.name, currency: this.currency, offBudget: !!a.offbudget }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    );
  }

  async createAccount(input: { name: string; currency?: string; offBudget?: boolean }): Promise<Account> {
    if (input.currency && input.currency !== this.currency)
      throw fail.invalid('FINANCE_BAD_CURRENCY', `this Actual budget keeps ${this.currency} only`);
    const id = await this.run((api) =>
      api.createAccount({ name: input.name, offbudget: input.offBudget ?? false } as any, 0),
    );
    return { id, name: input.name, currency: this.currency, offBudget: input.offBudget ?? false };
  }

  categories(): Promise<Category[]> {
    return this.run(async (api) => {
      const groups = (await api.getCategoryGroups()) as Row[];
      return groups
        .flatMap((g) =>
          ((g.categories ?? []) as Row[]).map((c) => ({
            id: c.id,
            name: c.name,
            group: g.name,
            isIncome: !!(c.is_income ?? g.is_income),
          })),
        )
        .sort((a, b) => a.name.localeCompare(b.name));
    });
  }

  createCategory(input: { name: string; group: string; isIncome?: boolean }): Promise<Category> {
    return this.run(async (api) => {
      const groups = (await api.getCategoryGroups()) as Row[];
      const group_id =
        groups.find((g) => g.name === input.group)?.id ??
        (await api.createCategoryGroup({ name: input.group, is_income: input.isIncome ?? false } as any));
      const id = await api.createCategory({
        name: input.name,
        group_id,
        is_income: input.isIncome ?? false,
      } as any);
      return { id, name: input.name, group: input.group, isIncome: input.isIncome ?? false };
    });
  }

  payees(): Promise<string[]> {
    return this.run(async (api) =>
      (await api.getPayees())
        .filter((p) => !p.transfer_acct)
        .map((p) => p.name)
        .sort(),
    );
  }

  private async rows(api: ActualApi, filter: Row): Promise<Row[]> {
    const res = (await api.aqlQuery(
      api.q('transactions').filter(filter).select('*').options({ splits: 'grouped' }),
    )) as {
      data: Row[];
    };
    return res.data;
  }

  private toTransaction(r: Row, payees: Map<string, string>): Transaction {
    const imported = (r.imported_id as string | null) ?? null;
    return {
      id: r.id,
      accountId: r.account,
      date: r.date,
      amount: r.amount,
      currency: this.currency,
      payee: payees.get(r.payee) ?? r.imported_payee ?? '',
      categoryId: r.is_parent ? null : (r.category ?? null),
      notes:
        String(r.notes ?? '')
          .replace(PAYEE_REVIEW_TAG, '')
          .trim() || null,
      reviewed: !!r.cleared,
      // Actual has no such field: a tag in the notes (Actual shows #tags) keeps it until the row is cleared
      payeeToReview: !r.cleared && String(r.notes ?? '').includes(PAYEE_REVIEW_TAG),
      importKey: imported && !imported.startsWith(OWN) ? imported : null,
      splits: ((r.subtransactions ?? []) as Row[]).map((s) => ({
        categoryId: s.category ?? null,
        amount: s.amount,
        memo: s.notes ?? null,
      })),
    };
  }

  private async payeeNames(api: ActualApi): Promise<Map<string, string>> {
    return new Map((await api.getPayees()).map((p) => [p.id, p.name]));
  }

  /** One by one: each Actual add is checked and its row read back, as logTransaction does. */
  async importTransactions(inputs: NewTransaction[]): Promise<string[]> {
    const ids: string[] = [];
    for (const t of inputs) ids.push((await this.logTransaction(t)).id);
    return ids;
  }

  async logTransaction(input: NewTransaction): Promise<Transaction> {
    checkNewTransaction(input);
    const known = new Set((await this.categories()).map((c) => c.id));
    for (const c of [input.categoryId, ...(input.splits ?? []).map((s) => s.categoryId)])
      if (c && !known.has(c))
        throw fail.invalid('FINANCE_UNKNOWN_CATEGORY', 'unknown category in this budget');
    if (!(await this.accounts()).some((a) => a.id === input.accountId))
      throw fail.invalid('FINANCE_UNKNOWN_ACCOUNT', `no account ${input.accountId} in this budget`);
    const marker = input.importKey ?? `${OWN}${randomUUID()}`;
    return this.run(async (api) => {
      await api.addTransactions(input.accountId, [
        {
          date: input.date,
          amount: input.amount,
          payee_name: input.payee.trim(),
          category: input.splits?.length ? undefined : (input.categoryId ?? undefined),
          notes: input.payeeToReview
            ? [input.notes, PAYEE_REVIEW_TAG].filter(Boolean).join(' ')
            : (input.notes ?? undefined),
          cleared: input.reviewed ?? false,
          imported_id: marker,
          subtransactions: input.splits?.map((s) => ({
            amount: s.amount,
            category: s.categoryId ?? undefined,
            notes: s.memo ?? undefined,
          })),
        },
      ]);
      const [row] = await this.rows(api, { account: input.accountId, imported_id: marker });
      return this.toTransaction(row, await this.payeeNames(api));
    });
  }

  async transactions(f: TransactionFilter): Promise<Transaction[]> {
    const all = await this.run(async (api) => {
      const filter: Row = { date: { $gte: f.from, $lte: f.to } };
      if (f.accountId) filter.account = f.accountId;
      if (f.unreviewed) filter.cleared = false;
      const payees = await this.payeeNames(api);
      return (await this.rows(api, filter))
        .filter((r) => !r.starting_balance_flag)
        .map((r) => this.toTransaction(r, payees))
        .sort((a, b) => b.date.localeCompare(a.date));
    });
    return f.uncategorised ? all.filter(isUncategorised) : all;
  }

  transaction(id: string): Promise<Transaction | null> {
    return this.run(async (api) => {
      const [row] = await this.rows(api, { id });
      return row ? this.toTransaction(row, await this.payeeNames(api)) : null;
    });
  }

  importKeys(accountId: string): Promise<Set<string>> {
    return this.run(async (api) => {
      const rows = await this.rows(api, { account: accountId, imported_id: { $ne: null } });
      return new Set(rows.map((r) => r.imported_id as string).filter((k) => !k.startsWith(OWN)));
    });
  }

  async categorize(id: string, categoryId: string): Promise<void> {
    if (!(await this.categories()).some((c) => c.id === categoryId))
      throw fail.invalid('FINANCE_UNKNOWN_CATEGORY', 'unknown category in this budget');
    const t = await this.transaction(id);
    if (!t) throw fail.invalid('FINANCE_UNKNOWN_TRANSACTION', `no transaction ${id}`);
    if (t.splits.length) throw fail.invalid('FINANCE_SPLIT', 'a split transaction is categorised per part');
    await this.run((api) => api.updateTransaction(id, { category: categoryId }));
  }

  async markReviewed(ids: string[]): Promise<void> {
    await this.run(async (api) => {
      for (const id of ids) await api.updateTransaction(id, { cleared: true });
    });
  }

  async deleteTransaction(id: string): Promise<Transaction | null> {
    const t = await this.transaction(id);
    if (!t) return null;
    await this.run((api) => api.deleteTransaction(id));
    return t;
  }

  async setBudget(month: string, categoryId: string, amount: number): Promise<void> {
    if (!Number.isSafeInteger(amount))
      throw fail.invalid('FINANCE_BAD_AMOUNT', 'amounts are whole minor units');
    await this.run((api) => api.setBudgetAmount(month, categoryId, amount));
  }

  budgetMonth(month: string): Promise<BudgetMonth> {
    return this.run(async (api) => {
      const m = await api.getBudgetMonth(month);
      const lines: BudgetLine[] = m.categoryGroups
        .filter((g) => !g.is_income)
        .flatMap((g) =>
          (g.categories ?? []).map((c) => {
            const budgeted = Number(c.budgeted ?? 0);
            const activity = Number(c.spent ?? 0);
            const available = Number(c.balance ?? 0);
            return {
              categoryId: String(c.id),
              category: String(c.name),
              group: String(g.name),
              budgeted,
              activity,
              available,
              carriedIn: available - budgeted - activity,
            };
          }),
        )
        .sort((a, b) => a.category.localeCompare(b.category));
      return { month, currency: this.currency, lines };
    });
  }

  close(): Promise<void> {
    return this.session.close();
  }
}
