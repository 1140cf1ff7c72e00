// One line of a bank statement after parsing, before it becomes a transaction.

export interface StatementRow {
  date: string;
  /** Minor units in the account's currency; negative is money out. */
  amount: number;
  payee: string;
  /** The bank's own id for the row (OFX FITID, a CSV reference column), when it gives one. */
  bankId?: string;
  memo?: string;
  /** The row named no payee and the import filled one in (a description, "Bank fee", "Interest"). */
  payeeToReview?: boolean;
}

/** A parsed statement: the rows, and the lines that could not be read (with why). */
export interface ParsedStatement {
  rows: StatementRow[];
  errors: RowError[];
}

/** Why a line could not be read: where (line, column), what was there, and the reason in words. */
export interface RowError {
  line: number;
  column?: string;
  found?: string;
  reason: string;
}
