// How a bank lays out its CSV: which column holds what, the date format, the decimal mark (saved per account).
import { z } from 'zod';

const column = z.string().trim().min(1).max(80);

export const dateFormats = ['YYYY-MM-DD', 'DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYYMMDD'] as const;

export const csvMappingSchema = z
  .object({
    /** Column separator; guessed from the header line when absent. */
    delimiter: z.enum([',', ';', '\t', '|']).optional(),
    /** The decimal mark; decided from the amount column's values when absent. */
    decimal: z.enum(['.', ',']).optional(),
    dateFormat: z.enum(dateFormats).default('YYYY-MM-DD'),
    /** Lines before the header (bank preambles). */
    skipLines: z.number().int().min(0).max(50).default(0),
    date: column,
    /** The payee's column, or candidates in order: the first non-empty one on a row wins. */
    payee: z.union([column, z.array(column).min(1).max(5)]),
    /** Candidates tried first when the row is money in (DKB names payer and recipient in two columns). */
    incomePayee: z.union([column, z.array(column).min(1).max(5)]).optional(),
    /** The kind of row (Buchungstext, Transaction Type): names a fee or interest row that has no payee. */
    kind: column.optional(),
    /** One signed amount column, or separate debit and credit columns. */
    amount: column.optional(),
    debit: column.optional(),
    credit: column.optional(),
    bankId: column.optional(),
    memo: column.optional(),
  })
  .strict()
  .refine((m) => !!m.amount !== !!(m.debit && m.credit), {
    message: 'give either amount, or both debit and credit',
  });

export type CsvMapping = z.infer<typeof csvMappingSchema>;
export type CsvMappingInput = z.input<typeof csvMappingSchema>;

/** Turns a date as the mapping writes it into `YYYY-MM-DD`, or undefined when it does not fit. */
export function toIsoDate(text: string, format: CsvMapping['dateFormat']): string | undefined {
  const s = text.trim();
  const m =
    format === 'YYYY-MM-DD'
      ? /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s)
      : format === 'YYYYMMDD'
        ? /^(\d{4})(\d{2})(\d{2})/.exec(s)
        : /^(\d{1,2})[./](\d{1,2})[./](\d{2,4})$/.exec(s);
  if (!m) return undefined;
  let [y, mo, d] =
    format === 'YYYY-MM-DD' || format === 'YYYYMMDD'
      ? [m[1], m[2], m[3]]
      : format === 'MM/DD/YYYY'
        ? [m[3], m[1], m[2]]
        : [m[3], m[2], m[1]];
  if (y.length === 2) y = `20${y}`;
  return `${y}-${mo.padStart(2, '0')}-${d.padStart(2, '0')}`;
}
