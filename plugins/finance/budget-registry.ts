// The household's budgets by id, each behind its backend (embedded ledger or Actual), opened on first use.
import path from 'node:path';
import { fail } from 'quorra/plugin';
import type { DataSource } from 'typeorm';
import { ActualBackend } from './actual/actual-backend.ts';
import { ActualSession } from './actual/actual-session.ts';
import type { FinanceBackend } from './finance-backend.ts';
import type { BudgetSettings, FinanceSettings } from './finance-settings.ts';
import { LedgerBackend } from './ledger/ledger-backend.ts';
import { seedStarterBudget } from './ledger/starter-budget.ts';

export class BudgetRegistry {
  private readonly open = new Map<string, Promise<FinanceBackend>>();
  private actual: ActualSession | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly settings: FinanceSettings,
    private readonly dataDir: string,
  ) {}

  /** Every configured budget, in settings order. */
  list(): BudgetSettings[] {
    return this.settings.budgets;
  }

  get defaultId(): string {
    return this.settings.defaultBudget ?? this.settings.budgets[0].id;
  }

  has(id: string): boolean {
    return this.settings.budgets.some((b) => b.id === id);
  }

  /** The backend of a budget; the ledger gets a starter set of accounts and categories the first time. */
  backend(id: string): Promise<FinanceBackend> {
    const def = this.settings.budgets.find((b) => b.id === id);
    if (!def) return Promise.reject(fail.invalid('FINANCE_UNKNOWN_BUDGET', `no budget "${id}"`));
    let found = this.open.get(id);
    if (!found) {
      found = this.make(def);
      found.catch(() => this.open.delete(id));
      this.open.set(id, found);
    }
    return found;
  }

  private async make(def: BudgetSettings): Promise<FinanceBackend> {
    if (def.backend === 'actual') {
      this.actual ??= new ActualSession(this.settings.actualDataDir ?? path.join(this.dataDir, 'actual'));
      return new ActualBackend(this.actual, def.actualBudget as string, def.currency);
    }
    const ledger = new LedgerBackend(this.db, def.id, def.currency);
    await seedStarterBudget(ledger);
    return ledger;
  }

  async close(): Promise<void> {
    this.open.clear();
    await this.actual?.close();
  }
}
