// Parses a bank's CSV export with csv-parse and the account's column mapping into statement rows.
import type * as CsvParse from 'csv-parse/sync';
import { lazyRequire } from 'quorra/plugin';
import { isLocalDate } from '../local-date.ts';
import { parseAmount } from '../money.ts';
import { type CsvMapping, toIsoDate } from './csv-mapping.ts';
import type { ParsedStatement, StatementRow } from './statement-row.ts';

// csv-parse loads with the first statement imported, not with the server
const csvParse = lazyRequire<typeof CsvParse>('csv-parse/sync');

/** Guesses the separator from the header line: the candidate that splits it most. */
function guessDelimiter(headerLine: string): string {
  const counts = [';', ',', '\t', '|'].map((d) => [d, headerLine.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0][0];
}

/** Reads the statement; a line that cannot be read is reported with its number, the rest still import. */
export function parseCsvStatement(text: string, mapping: CsvMapping, currency: string): ParsedStatement {
  const body = text.replace(/^\uFEFF/, '');
  const lines = body.split(/\r?\n/);
  const header = lines[mapping.skipLines] ?? '';
  const delimiter = mapping.delimiter ?? guessDelimiter(header);
  const records = csvParse().parse(body, {
    delimiter,
    from_line: mapping.skipLines + 1,
    columns: (h: string[]) => h.map((c) => c.trim()),
    skip_empty_lines: true,
    relax_column_count: true,
    trim: true,
    info: true,
  }) as { record: Record<string, string>; info: { lines: number } }[];
  const wanted = [mapping.date, mapping.payee, mapping.amount, mapping.debit, mapping.credit].filter(
    (c): c is string => !!c,
  );
  const first = records[0]?.record;
  const missing = first ? wanted.filter((c) => !(c in first)) : [];
  if (missing.length)
    return { rows: [], errors: [{ line: mapping.skipLines + 1, reason: `no column ${missing.join(', ')}` }] };

  const rows: StatementRow[] = [];
  const errors: ParsedStatement['errors'] = [];
  for (const { record, info } of records) {
    try {
      const date = toIsoDate(record[mapping.date] ?? '', mapping.dateFormat);
      if (!date || !isLocalDate(date))
        throw new Error(`bad date "${(record[mapping.date] ?? '').slice(0, 20)}"`);
      const amount = mapping.amount
        ? parseAmount(record[mapping.amount] ?? '', currency, mapping.decimal)
        : signedFromColumns(record, mapping, currency);
      const payee = (record[mapping.payee] ?? '').trim();
      if (!payee) throw new Error('no payee');
      rows.push({
        date,
        amount,
        payee,
        bankId: mapping.bankId ? record[mapping.bankId]?.trim() || undefined : undefined,
        memo: mapping.memo ? record[mapping.memo]?.trim() || undefined : undefined,
      });
    } catch (err) {
      errors.push({ line: info.lines, reason: (err as Error).message });
    }
  }
  return { rows, errors };
}

/** Debit and credit columns: money out is whichever is filled in debit (made negative), else the credit. */
function signedFromColumns(record: Record<string, string>, m: CsvMapping, currency: string): number {
  const debit = (record[m.debit as string] ?? '').trim();
  const credit = (record[m.credit as string] ?? '').trim();
  if (debit) return -Math.abs(parseAmount(debit, currency, m.decimal));
  if (credit) return Math.abs(parseAmount(credit, currency, m.decimal));
  throw new Error('neither debit nor credit');
}
