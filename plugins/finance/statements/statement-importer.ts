// Imports a statement file into a budget's account: read (CSV mapping or OFX), dedup, add; used by HTTP and Matrix.
import type { BudgetRegistry } from '../budget-registry.ts';
import type { FinanceService } from '../finance-service.ts';
import type { ColumnMappings } from './column-mappings.ts';
import { readStatementFile } from './statement-file.ts';
import { importStatement } from './statement-import.ts';

export interface StatementImportAnswer {
  account: string;
  added: number;
  duplicates: number;
  unreadable: { line: number; reason: string }[];
}

export class StatementImporter {
  constructor(
    private readonly budgets: BudgetRegistry,
    private readonly service: FinanceService,
    private readonly mappings: ColumnMappings,
  ) {}

  async import(
    budgetId: string,
    account: string | undefined,
    content: string,
    mapping?: Record<string, unknown>,
  ): Promise<StatementImportAnswer> {
    const backend = await this.budgets.backend(budgetId);
    const acc = await this.service.account(backend, account);
    const parsed = await readStatementFile(
      { budget: budgetId, accountId: acc.id, currency: acc.currency, content, mapping: mapping as never },
      this.mappings,
    );
    const result = await importStatement(backend, acc.id, parsed.rows);
    return {
      account: acc.name,
      added: result.added,
      duplicates: result.duplicates,
      unreadable: parsed.errors,
    };
  }
}
