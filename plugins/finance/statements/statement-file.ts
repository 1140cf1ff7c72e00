// Reads an uploaded statement (CSV with the account's mapping, or OFX/QFX) into rows, saving a new CSV mapping.
import { fail } from 'quorra/plugin';
import type { ColumnMappings } from './column-mappings.ts';
import { type CsvMappingInput, csvMappingSchema } from './csv-mapping.ts';
import { parseCsvStatement } from './csv-statement.ts';
import { looksLikeOfx, ofxCurrency, parseOfxStatement } from './ofx-statement.ts';
import type { ParsedStatement } from './statement-row.ts';

export interface StatementFile {
  budget: string;
  accountId: string;
  currency: string;
  content: string;
  /** A CSV layout for this account; saved for next time. Without it, the saved one is used. */
  mapping?: CsvMappingInput;
}

export async function readStatementFile(
  file: StatementFile,
  mappings: ColumnMappings,
): Promise<ParsedStatement> {
  if (looksLikeOfx(file.content)) {
    const declared = ofxCurrency(file.content);
    if (declared && declared !== file.currency)
      throw fail.invalid(
        'FINANCE_CURRENCY_MISMATCH',
        `the statement is in ${declared}, the account in ${file.currency}`,
      );
    return parseOfxStatement(file.content, file.currency);
  }
  const mapping = file.mapping ? csvMappingSchema.safeParse(file.mapping) : null;
  if (mapping && !mapping.success)
    throw fail.invalid('FINANCE_BAD_MAPPING', 'the column mapping is not valid', mapping.error.issues);
  const chosen = mapping?.data ?? (await mappings.get(file.budget, file.accountId));
  if (!chosen)
    throw fail.invalid(
      'FINANCE_MAPPING_NEEDED',
      'this account has no saved CSV layout yet: send a mapping naming the date, payee and amount (or debit/credit) columns',
    );
  const parsed = parseCsvStatement(file.content, chosen, file.currency);
  if (mapping?.data && parsed.rows.length) await mappings.save(file.budget, file.accountId, mapping.data);
  return parsed;
}
