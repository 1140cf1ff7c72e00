// Imports a statement file into a budget's account: read (CSV mapping or OFX), dedup, add; used by HTTP and Matrix.
import type { AuditCapability } from 'quorra/plugin';
import type { Asker } from '../budget-access.ts';
import type { BudgetRegistry } from '../budget-registry.ts';
import type { FinanceService } from '../finance-service.ts';
import { normalisePayee } from '../payee-name.ts';
import type { ColumnMappings } from './column-mappings.ts';
import { readStatementFile } from './statement-file.ts';
import { importStatement } from './statement-import.ts';

export interface StatementImportAnswer {
  account: string;
  /** The encoding the file was read in (detected, or the one given). */
  encoding: string;
  /** The known layout it was read with, when one was confirmed. */
  layout?: string;
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

/** A statement as it arrives on any path: its bytes, and optionally an encoding and a CSV mapping from the person. */
export interface StatementUpload {
  bytes: Uint8Array;
  encoding?: string;
  mapping?: Record<string, unknown>;
  /** A known layout's id, confirming the layout the import proposed. */
  layout?: string;
}

export class StatementImporter {
  constructor(
    private readonly budgets: BudgetRegistry,
    private readonly service: FinanceService,
    private readonly mappings: ColumnMappings,
    private readonly audit: AuditCapability,
  ) {}

  /** Imports into a budget asked for by id (HTTP, the CLI), checked against what the person may see. */
  async importAs(
    asker: Asker,
    budget: string | undefined,
    account: string | undefined,
    upload: StatementUpload,
  ): Promise<StatementImportAnswer> {
    const budgetId = await this.service.access.check(asker, budget);
    return this.import(asker.userId, budgetId, account, upload);
  }

  /** Imports and audits (tier 1, `finance_import`) for the person who sent the statement. */
  async import(
    userId: string,
    budgetId: string,
    account: string | undefined,
    upload: StatementUpload,
  ): Promise<StatementImportAnswer> {
    const backend = await this.budgets.backend(budgetId);
    const acc = await this.service.account(backend, account);
    const parsed = await readStatementFile(
      {
        budget: budgetId,
        accountId: acc.id,
        currency: acc.currency,
        bytes: upload.bytes,
        encoding: upload.encoding,
        mapping: upload.mapping as never,
        layout: upload.layout,
      },
      this.mappings,
    );
    const result = await importStatement(backend, acc.id, parsed.rows);
    const answer = {
      account: acc.name,
      encoding: parsed.encoding,
      ...(parsed.layout ? { layout: parsed.layout } : {}),
      added: result.added,
      duplicates: result.duplicates,
      unreadable: parsed.errors,
    };
    await this.audit.record({
      userId,
      sessionId: null,
      tool: 'finance_import',
      tier: 1,
      input: { budget: budgetId, account: acc.id, bytes: upload.bytes.byteLength, encoding: parsed.encoding },
      outcome: 'ok',
      detail: `added ${answer.added}, duplicates ${answer.duplicates}, unreadable ${answer.unreadable.length}`,
    });
    return answer;
  }
}
