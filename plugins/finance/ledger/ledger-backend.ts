// The embedded ledger: the finance capability on Quorra's own SQLite, one budget per `budget` id (zero-config default).
import { randomUUID } from 'node:crypto';
import { fail } from 'quorra/plugin';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { rollOver } from '../budget-rollover.ts';
import type {
  Account,
  BudgetMonth,
  Category,
  FinanceBackend,
  NewTransaction,
  Transaction,
  TransactionFilter,
} from '../finance-backend.ts';
import { monthOf } from '../local-date.ts';
import { isCurrency } from '../money.ts';
import { normalisePayee } from '../payee-name.ts';
import { checkNewTransaction, isUncategorised, piecesOf } from '../transaction-rules.ts';
import { LedgerAccount } from './ledger-account.entity.ts';
import { LedgerBudgetAmount } from './ledger-budget-amount.entity.ts';
import { LedgerCategory } from './ledger-category.entity.ts';
import { LedgerCategoryGroup } from './ledger-category-group.entity.ts';
import { LedgerPayee } from './ledger-payee.entity.ts';
import { LedgerSplit } from './ledger-split.entity.ts';
import { LedgerTransaction } from './ledger-transaction.entity.ts';

export class LedgerBackend implements FinanceBackend {
  readonly kind = 'ledger';

  constructor(
    private readonly db: DataSource,
    readonly budget: string,
    readonly currency: string,
  ) {}

  async accounts(): Promise<Account[]> {
    const rows = await this.db
      .getRepository(LedgerAccount)
      .find({ where: { budget: this.budget }, order: { name: 'ASC' } });
    return rows.map(({ id, name, currency, offBudget }) => ({ id, name, currency, offBudget }));
  }

  async createAccount(input: { name: string; currency?: string; offBudget?: boolean }): Promise<Account> {
    const currency = input.currency ?? this.currency;
    if (!isCurrency(currency))
      throw fail.invalid('FINANCE_BAD_CURRENCY', `"${currency}" is not an ISO currency`);
    const row = {
      id: randomUUID(),
      budget: this.budget,
      name: input.name,
      currency,
      offBudget: input.offBudget ?? false,
    };
    await this.db.getRepository(LedgerAccount).insert(row);
    return { id: row.id, name: row.name, currency, offBudget: row.offBudget };
  }

  async categories(): Promise<Category[]> {
    const groups = new Map(
      (await this.db.getRepository(LedgerCategoryGroup).findBy({ budget: this.budget })).map((g) => [
        g.id,
        g.name,
      ]),
    );
    const rows = await this.db
      .getRepository(LedgerCategory)
      .find({ where: { budget: this.budget }, order: { name: 'ASC' } });
    return rows.map((c) => ({
      id: c.id,
      name: c.name,
      group: groups.get(c.groupId) ?? '',
      isIncome: c.isIncome,
    }));
  }

  async createCategory(input: { name: string; group: string; isIncome?: boolean }): Promise<Category> {
    return this.db.transaction(async (em) => {
      const groups = em.getRepository(LedgerCategoryGroup);
      let group = await groups.findOneBy({ budget: this.budget, name: input.group });
      if (!group) {
        group = {
          id: randomUUID(),
          budget: this.budget,
          name: input.group,
          isIncome: input.isIncome ?? false,
        };
        await groups.insert(group);
      }
      const row = {
        id: randomUUID(),
        budget: this.budget,
        groupId: group.id,
        name: input.name,
        isIncome: input.isIncome ?? false,
      };
      await em.getRepository(LedgerCategory).insert(row);
      return { id: row.id, name: row.name, group: group.name, isIncome: row.isIncome };
    });
  }

  async payees(): Promise<string[]> {
    const rows = await this.db
      .getRepository(LedgerPayee)
      .find({ where: { budget: this.budget }, order: { name: 'ASC' } });
    return rows.map((p) => p.name);
  }

  private async payeeId(em: EntityManager, name: string): Promise<string> {
    const normalised = normalisePayee(name) || name.trim().toLowerCase();
    const repo = em.getRepository(LedgerPayee);
    const found = await repo.findOneBy({ budget: this.budget, normalised });
    if (found) return found.id;
    const id = randomUUID();
    await repo.insert({ id, budget: this.budget, name: name.trim(), normalised });
    return id;
  }

  private async ownAccount(id: string): Promise<LedgerAccount> {
    const acc = await this.db.getRepository(LedgerAccount).findOneBy({ id, budget: this.budget });
    if (!acc) throw fail.invalid('FINANCE_UNKNOWN_ACCOUNT', `no account ${id} in this budget`);
    return acc;
  }

  private async checkCategories(ids: (string | null | undefined)[]): Promise<void> {
    const wanted = [...new Set(ids.filter((c): c is string => !!c))];
    if (!wanted.length) return;
    const n = await this.db.getRepository(LedgerCategory).countBy({ budget: this.budget, id: In(wanted) });
    if (n !== wanted.length)
      throw fail.invalid('FINANCE_UNKNOWN_CATEGORY', 'unknown category in this budget');
  }

  async logTransaction(input: NewTransaction): Promise<Transaction> {
    checkNewTransaction(input);
    await this.ownAccount(input.accountId);
    const splits = input.splits ?? [];
    await this.checkCategories([input.categoryId, ...splits.map((s) => s.categoryId)]);
    const id = randomUUID();
    await this.db.transaction(async (em) => {
      const payeeId = await this.payeeId(em, input.payee);
      await em.getRepository(LedgerTransaction).insert({
        id,
        budget: this.budget,
        accountId: input.accountId,
        date: input.date,
        amount: input.amount,
        payeeId,
        categoryId: splits.length ? null : (input.categoryId ?? null),
        notes: input.notes ?? null,
        reviewed: input.reviewed ?? false,
        payeeReview: input.payeeToReview ?? false,
        importKey: input.importKey ?? null,
        createdAt: new Date(),
      });
      for (const s of splits)
        await em
          .getRepository(LedgerSplit)
          .insert({ transactionId: id, categoryId: s.categoryId, amount: s.amount, memo: s.memo ?? null });
    });
    return (await this.transaction(id)) as Transaction;
  }

  /** One database transaction for the lot, each payee looked up once: a 10,000-row statement in seconds. */
  async importTransactions(inputs: NewTransaction[]): Promise<string[]> {
    for (const t of inputs) checkNewTransaction(t);
    for (const accountId of new Set(inputs.map((t) => t.accountId))) await this.ownAccount(accountId);
    await this.checkCategories(
      inputs.flatMap((t) => [t.categoryId, ...(t.splits ?? []).map((s) => s.categoryId)]),
    );
    const ids = inputs.map(() => randomUUID());
    await this.db.transaction(async (em) => {
      const payees = new Map<string, string>();
      const rows: Partial<LedgerTransaction>[] = [];
      for (const [i, t] of inputs.entries()) {
        let payeeId = payees.get(t.payee);
        if (!payeeId) {
          payeeId = await this.payeeId(em, t.payee);
          payees.set(t.payee, payeeId);
        }
        rows.push({
          id: ids[i],
          budget: this.budget,
          accountId: t.accountId,
          date: t.date,
          amount: t.amount,
          payeeId,
          categoryId: t.splits?.length ? null : (t.categoryId ?? null),
          notes: t.notes ?? null,
          reviewed: t.reviewed ?? false,
          payeeReview: t.payeeToReview ?? false,
          importKey: t.importKey ?? null,
          createdAt: new Date(),
        });
      }
      // batches stay far below SQLite's and PostgreSQL's bound-parameter limits
      for (let i = 0; i < rows.length; i += 500)
        await em.getRepository(LedgerTransaction).insert(rows.slice(i, i + 500));
      for (const [i, t] of inputs.entries())
        for (const s of t.splits ?? [])
          await em.getRepository(LedgerSplit).insert({
            transactionId: ids[i],
            categoryId: s.categoryId,
            amount: s.amount,
            memo: s.memo ?? null,
          });
    });
    return ids;
  }

  private async hydrate(rows: LedgerTransaction[]): Promise<Transaction[]> {
    if (!rows.length) return [];
    const accounts = new Map((await this.accounts()).map((a) => [a.id, a]));
    const payees = new Map(
      (
        await this.db.getRepository(LedgerPayee).findBy({ id: In([...new Set(rows.map((r) => r.payeeId))]) })
      ).map((p) => [p.id, p.name]),
    );
    const splits = await this.db
      .getRepository(LedgerSplit)
      .find({ where: { transactionId: In(rows.map((r) => r.id)) }, order: { id: 'ASC' } });
    return rows.map((r) => ({
      id: r.id,
      accountId: r.accountId,
      date: r.date,
      amount: r.amount,
      currency: accounts.get(r.accountId)?.currency ?? this.currency,
      payee: payees.get(r.payeeId) ?? '',
      categoryId: r.categoryId,
      notes: r.notes,
      reviewed: r.reviewed,
      payeeToReview: r.payeeReview,
      importKey: r.importKey,
      splits: splits
        .filter((s) => s.transactionId === r.id)
        .map((s) => ({ categoryId: s.categoryId, amount: s.amount, memo: s.memo })),
    }));
  }

  async transactions(f: TransactionFilter): Promise<Transaction[]> {
    const q = this.db
      .getRepository(LedgerTransaction)
      .createQueryBuilder('t')
      .where('t.budget = :budget AND t.date >= :from AND t.date <= :to', {
        budget: this.budget,
        from: f.from,
        to: f.to,
      });
    if (f.accountId) q.andWhere('t.account_id = :acc', { acc: f.accountId });
    if (f.unreviewed) q.andWhere('t.reviewed = :reviewed', { reviewed: false });
    const all = await this.hydrate(
      await q.orderBy('t.date', 'DESC').addOrderBy('t.created_at', 'DESC').getMany(),
    );
    return f.uncategorised ? all.filter(isUncategorised) : all;
  }

  async transaction(id: string): Promise<Transaction | null> {
    const row = await this.db.getRepository(LedgerTransaction).findOneBy({ id, budget: this.budget });
    return row ? (await this.hydrate([row]))[0] : null;
  }

  async importKeys(accountId: string): Promise<Set<string>> {
    const rows = await this.db
      .getRepository(LedgerTransaction)
      .createQueryBuilder('t')
      .select('t.import_key', 'k')
      .where('t.budget = :b AND t.account_id = :a AND t.import_key IS NOT NULL', {
        b: this.budget,
        a: accountId,
      })
      .getRawMany<{ k: string }>();
    return new Set(rows.map((r) => r.k));
  }

  async categorize(id: string, categoryId: string): Promise<void> {
    await this.checkCategories([categoryId]);
    const t = await this.transaction(id);
    if (!t) throw fail.invalid('FINANCE_UNKNOWN_TRANSACTION', `no transaction ${id}`);
    if (t.splits.length) throw fail.invalid('FINANCE_SPLIT', 'a split transaction is categorised per part');
    await this.db.getRepository(LedgerTransaction).update({ id, budget: this.budget }, { categoryId });
  }

  async markReviewed(ids: string[]): Promise<void> {
    if (ids.length)
      await this.db
        .getRepository(LedgerTransaction)
        .update({ id: In(ids), budget: this.budget }, { reviewed: true, payeeReview: false });
  }

  async deleteTransaction(id: string): Promise<Transaction | null> {
    const t = await this.transaction(id);
    if (!t) return null;
    await this.db.transaction(async (em) => {
      await em.getRepository(LedgerSplit).delete({ transactionId: id });
      await em.getRepository(LedgerTransaction).delete({ id, budget: this.budget });
    });
    return t;
  }

  async setBudget(month: string, categoryId: string, amount: number): Promise<void> {
    if (!Number.isSafeInteger(amount))
      throw fail.invalid('FINANCE_BAD_AMOUNT', 'amounts are whole minor units');
    await this.checkCategories([categoryId]);
    await this.db
      .getRepository(LedgerBudgetAmount)
      .upsert({ budget: this.budget, month, categoryId, amount }, ['budget', 'month', 'categoryId']);
  }

  async budgetMonth(month: string): Promise<BudgetMonth> {
    const categories = await this.categories();
    const amounts = await this.db.getRepository(LedgerBudgetAmount).findBy({ budget: this.budget });
    const budgeted = new Map(
      amounts.filter((a) => a.month <= month).map((a) => [`${a.month}|${a.categoryId}`, a.amount]),
    );
    const onBudget = new Set(
      (await this.accounts()).filter((a) => !a.offBudget && a.currency === this.currency).map((a) => a.id),
    );
    const first = (
      await this.db
        .getRepository(LedgerTransaction)
        .createQueryBuilder('t')
        .select('MIN(t.date)', 'd')
        .where('t.budget = :b', { b: this.budget })
        .getRawOne<{ d: string | null }>()
    )?.d;
    const firstMonth = [first ? monthOf(first) : month, ...amounts.map((a) => a.month)].sort()[0];
    const activity = new Map<string, number>();
    for (const t of await this.transactions({ from: `${firstMonth}-01`, to: `${month}-31` })) {
      if (!onBudget.has(t.accountId)) continue;
      for (const p of piecesOf(t)) {
        if (!p.categoryId) continue;
        const k = `${monthOf(t.date)}|${p.categoryId}`;
        activity.set(k, (activity.get(k) ?? 0) + p.amount);
      }
    }
    return {
      month,
      currency: this.currency,
      lines: rollOver(categories, month, budgeted, activity, firstMonth),
    };
  }

  async close(): Promise<void> {}
}
