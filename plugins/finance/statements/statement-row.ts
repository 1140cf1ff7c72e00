// One line of a bank statement after parsing, before it becomes a transaction.

export interface StatementRow {
  date: string;
  /** Minor units in the account's currency; negative is money out. */
  amount: number;
  payee: string;
  /** The bank's own id for the row (OFX FITID, a CSV reference column), when it gives one. */
  bankId?: string;
  memo?: string;
}

/** A parsed statement: the rows, and the lines that could not be read (with why). */
export interface ParsedStatement {
  rows: StatementRow[];
  errors: { line: number; reason: string }[];
}
