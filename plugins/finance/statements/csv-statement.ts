// Parses a bank's CSV export with csv-parse and the account's column mapping into statement rows.
import type * as CsvParse from 'csv-parse/sync';
import { fail, lazyRequire, QuorraError } from 'quorra/plugin';
import { parseAmount } from '../amount-text.ts';
import { decimalMarkOf } from '../decimal-mark.ts';
import { isLocalDate } from '../local-date.ts';
import { type CsvMapping, toIsoDate } from './csv-mapping.ts';
import { rowPayee } from './payee-fallback.ts';
import type { ParsedStatement, RowError, StatementRow } from './statement-row.ts';

// csv-parse loads with the first statement imported, not with the server
const csvParse = lazyRequire<typeof CsvParse>('csv-parse/sync');

type Records = Record<string, string>[];

/** A row's problem in one column: what was found there, and why it is not usable. */
class CellError extends Error {
  constructor(
    readonly column: string,
    readonly found: string,
    reason: string,
  ) {
    super(reason);
  }
}

/** Guesses the separator from the header line: the candidate that splits it most. */
function guessDelimiter(headerLine: string): string {
  const counts = [';', ',', '\t', '|'].map((d) => [d, headerLine.split(d).length] as const);
  return counts.sort((a, b) => b[1] - a[1])[0][0];
}

/**
 * The file's records as csv-parse reads them, header trimmed, and each record's line number found on demand:
 * csv-parse's `info` costs a fifth of its time on every file, and only a refused row needs its line.
 */
export function csvRecords(
  text: string,
  mapping: Pick<CsvMapping, 'skipLines' | 'delimiter'>,
): { records: Records; lineOf(index: number): number } {
  const header = text.split(/\r?\n/, mapping.skipLines + 1)[mapping.skipLines] ?? '';
  const plain = {
    delimiter: mapping.delimiter ?? guessDelimiter(header),
    from_line: mapping.skipLines + 1,
    columns: (h: string[]) => h.map((c) => c.trim()),
    skip_empty_lines: true,
    relax_column_count: true,
  };
  let options: typeof plain & { trim?: boolean } = plain;
  let records: Records;
  try {
    // trimming every cell costs csv-parse a third of its time: the cells used are trimmed where they are read
    records = csvParse().parse(text, options) as Records;
  } catch (err) {
    // …but a file with spaces around its quotes (`"a" ;"b"`) only reads with trimming
    if ((err as { code?: string }).code !== 'CSV_INVALID_CLOSING_QUOTE') throw err;
    options = { ...plain, trim: true };
    records = csvParse().parse(text, options) as Records;
  }
  let lines: number[] | undefined;
  const lineOf = (index: number) => {
    lines ??= (csvParse().parse(text, { ...options, info: true }) as { info: { lines: number } }[]).map(
      (r) => r.info.lines,
    );
    return lines[index];
  };
  return { records, lineOf };
}

/** An amount cell as the decimal mark's reading sees it; its line is looked up only if a message needs it. */
class AmountCell {
  constructor(
    readonly text: string,
    readonly column: string,
    private readonly index: number,
    private readonly lineOf: (index: number) => number,
  ) {}
  get line(): number {
    return this.lineOf(this.index);
  }
}

/** Reads the statement; a line that cannot be read is reported with its number and column, the rest still import. */
export function parseCsvStatement(text: string, mapping: CsvMapping, currency: string): ParsedStatement {
  const { records, lineOf } = csvRecords(text, mapping);
  const list = (c: string | string[] | undefined) => (c === undefined ? [] : typeof c === 'string' ? [c] : c);
  const payees = list(mapping.payee);
  const incomePayees = list(mapping.incomePayee);
  const wanted = [mapping.date, ...payees, mapping.amount, mapping.debit, mapping.credit].filter(
    (c): c is string => !!c,
  );
  const first = records[0];
  const missing = first ? wanted.filter((c) => !(c in first)) : [];
  if (missing.length) {
    const line = mapping.skipLines + 1;
    const found = Object.keys(first ?? {});
    throw fail.invalid(
      'FINANCE_COLUMN_MISSING',
      `line ${line} (the header): ${missing.map((c) => `column "${c}"`).join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not there; ` +
        `the header has ${found.map((c) => `"${c.slice(0, 40)}"`).join(', ')}` +
        (found.length <= 1 ? ' (is the separator or the number of lines before the header right?)' : ''),
      { line, columns: missing, found },
    );
  }

  const amountColumns = [mapping.amount, mapping.debit, mapping.credit].filter((c): c is string => !!c);
  const decimal =
    mapping.decimal ??
    decimalMarkOf(
      records.flatMap((record, i) =>
        amountColumns.map((column) => new AmountCell((record[column] ?? '').trim(), column, i, lineOf)),
      ),
      currency,
    );
  const rows: StatementRow[] = [];
  const errors: RowError[] = [];
  for (const [i, record] of records.entries()) {
    try {
      const dateText = record[mapping.date] ?? '';
      const date = toIsoDate(dateText, mapping.dateFormat);
      if (!date || !isLocalDate(date))
        throw new CellError(mapping.date, dateText, `is not a date written ${mapping.dateFormat}`);
      const amount = mapping.amount
        ? cell(record, mapping.amount, (t) => parseAmount(t, currency, decimal))
        : signedFromColumns(record, mapping, currency, decimal);
      const memo = mapping.memo ? record[mapping.memo]?.trim() || undefined : undefined;
      const { payee, toReview } = rowPayee(
        (amount > 0 ? [...incomePayees, ...payees] : payees).map((c) => record[c]),
        memo,
        mapping.kind ? record[mapping.kind] : undefined,
      );
      rows.push({
        date,
        amount,
        payee,
        bankId: mapping.bankId ? record[mapping.bankId]?.trim() || undefined : undefined,
        memo,
        ...(toReview ? { payeeToReview: true } : {}),
      });
    } catch (err) {
      errors.push(rowError(lineOf(i), err as Error));
    }
  }
  return { rows, errors };
}

/** A cell's value through `read`; its failure names the column and what was found. */
function cell<T>(record: Record<string, string>, column: string, read: (text: string) => T): T {
  const text = (record[column] ?? '').trim();
  try {
    return read(text);
  } catch (err) {
    if (err instanceof QuorraError) throw new CellError(column, text, err.message);
    throw err;
  }
}

function rowError(line: number, err: Error): RowError {
  if (!(err instanceof CellError)) return { line, reason: err.message };
  const found = err.found.slice(0, 60);
  const reason = err.message.startsWith(`"${found.slice(0, 40)}"`)
    ? `column "${err.column}": ${err.message}`
    : `column "${err.column}": ${found ? `"${found}" ` : ''}${err.message}`;
  return { line, column: err.column, found, reason };
}

/** Debit and credit columns: money out is whichever is filled in debit (made negative), else the credit. */
function signedFromColumns(
  record: Record<string, string>,
  m: CsvMapping,
  currency: string,
  decimal: '.' | ',',
): number {
  const debit = (record[m.debit as string] ?? '').trim();
  const credit = (record[m.credit as string] ?? '').trim();
  if (debit) return -Math.abs(cell(record, m.debit as string, (t) => parseAmount(t, currency, decimal)));
  if (credit) return Math.abs(cell(record, m.credit as string, (t) => parseAmount(t, currency, decimal)));
  throw new CellError(`${m.debit}" and "${m.credit}`, '', 'are both empty (neither debit nor credit)');
}
