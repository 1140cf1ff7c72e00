// The finance capability: what Quorra needs from a budget, whatever keeps it (embedded ledger or Actual Budget).

/** Integer minor units (cents) in the account's ISO 4217 currency; negative is money out. */
export type MinorUnits = number;
/** A local calendar date `YYYY-MM-DD` in the household's time zone. */
export type LocalDate = string;
/** A budget month `YYYY-MM`. */
export type Month = string;

export interface Account {
  id: string;
  name: string;
  currency: string;
  offBudget: boolean;
}

export interface Category {
  id: string;
  name: string;
  group: string;
  isIncome: boolean;
}

export interface Split {
  categoryId: string | null;
  amount: MinorUnits;
  memo?: string | null;
}

export interface Transaction {
  id: string;
  accountId: string;
  date: LocalDate;
  amount: MinorUnits;
  currency: string;
  payee: string;
  categoryId: string | null;
  notes: string | null;
  reviewed: boolean;
  /** The payee was filled in by the import (a fee or interest row names nobody): a person should check it. */
  payeeToReview: boolean;
  /** The dedup key of an imported row (account, date, amount, payee, bank id), null when logged by hand. */
  importKey: string | null;
  splits: Split[];
}

export interface NewTransaction {
  accountId: string;
  date: LocalDate;
  amount: MinorUnits;
  payee: string;
  categoryId?: string | null;
  notes?: string | null;
  reviewed?: boolean;
  payeeToReview?: boolean;
  importKey?: string | null;
  /** When given, the amounts must add up to `amount` and the parent carries no category. */
  splits?: Split[];
}

export interface TransactionFilter {
  from: LocalDate;
  to: LocalDate;
  accountId?: string;
  uncategorised?: boolean;
  unreviewed?: boolean;
}

/** One category's line in a budget month, in the budget's currency. */
export interface BudgetLine {
  categoryId: string;
  category: string;
  group: string;
  budgeted: MinorUnits;
  /** Activity this month (negative = spent). */
  activity: MinorUnits;
  /** Left to spend: budgeted + activity + what rolled over from last month. */
  available: MinorUnits;
  carriedIn: MinorUnits;
}

export interface BudgetMonth {
  month: Month;
  currency: string;
  lines: BudgetLine[];
}

/** The lean capability interface every finance backend implements (seed §6.4). */
export interface FinanceBackend {
  readonly kind: 'ledger' | 'actual';
  /** The currency budgets are kept in. */
  readonly currency: string;
  accounts(): Promise<Account[]>;
  createAccount(input: { name: string; currency?: string; offBudget?: boolean }): Promise<Account>;
  categories(): Promise<Category[]>;
  createCategory(input: { name: string; group: string; isIncome?: boolean }): Promise<Category>;
  payees(): Promise<string[]>;
  logTransaction(input: NewTransaction): Promise<Transaction>;
  /** Adds many at once (a statement import): all or none; returns their ids in order. */
  importTransactions(inputs: NewTransaction[]): Promise<string[]>;
  transactions(filter: TransactionFilter): Promise<Transaction[]>;
  transaction(id: string): Promise<Transaction | null>;
  /** Import keys already stored for an account, for statement dedup. */
  importKeys(accountId: string): Promise<Set<string>>;
  categorize(id: string, categoryId: string): Promise<void>;
  markReviewed(ids: string[]): Promise<void>;
  deleteTransaction(id: string): Promise<Transaction | null>;
  setBudget(month: Month, categoryId: string, amount: MinorUnits): Promise<void>;
  budgetMonth(month: Month): Promise<BudgetMonth>;
  close(): Promise<void>;
}
