// Imports a statement file into a budget's account: read (CSV mapping or OFX), dedup, add; used by HTTP and Matrix.
import type { AuditCapability } from 'quorra/plugin';
import type { BudgetRegistry } from '../budget-registry.ts';
import type { FinanceService } from '../finance-service.ts';
import { normalisePayee } from '../payee-name.ts';
import type { ColumnMappings } from './column-mappings.ts';
import { readStatementFile } from './statement-file.ts';
import { importStatement } from './statement-import.ts';

export interface StatementImportAnswer {
  account: string;
  added: number;
  duplicates: number;
  unreadable: { line: number; reason: string }[];
}

/** The account a file's name points at ("joint-2026-11.ofx" → Joint), when exactly one account name appears in it. */
export function accountInFilename(filename: string, accounts: string[]): string | undefined {
  const words = ` ${normalisePayee(filename.replace(/\.[a-z]+$/i, '').replace(/[_-]+/g, ' '))} `;
  const hits = accounts.filter((a) => {
    const n = normalisePayee(a);
    return n && words.includes(` ${n} `);
  });
  return hits.length === 1 ? hits[0] : undefined;
}

export class StatementImporter {
  constructor(
    private readonly budgets: BudgetRegistry,
    private readonly service: FinanceService,
    private readonly mappings: ColumnMappings,
    private readonly audit: AuditCapability,
  ) {}

  /** Imports and audits (tier 1, `finance_import`) for the person who sent the statement. */
  async import(
    userId: string,
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
    const answer = {
      account: acc.name,
      added: result.added,
      duplicates: result.duplicates,
      unreadable: parsed.errors,
    };
    await this.audit.record({
      userId,
      sessionId: null,
      tool: 'finance_import',
      tier: 1,
      input: { budget: budgetId, account: acc.id, bytes: content.length },
      outcome: 'ok',
      detail: `added ${answer.added}, duplicates ${answer.duplicates}, unreadable ${answer.unreadable.length}`,
    });
    return answer;
  }
}
