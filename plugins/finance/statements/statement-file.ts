// Reads an uploaded statement (CSV with a mapping, a known layout or the saved one; OFX/QFX) into rows.
import { fail } from 'quorra/plugin';
import type { ColumnMappings } from './column-mappings.ts';
import { type CsvMapping, type CsvMappingInput, csvMappingSchema } from './csv-mapping.ts';
import { parseCsvStatement } from './csv-statement.ts';
import { headerColumns, knownLayouts, recogniseLayout } from './known-layouts.ts';
import { looksLikeOfx, ofxCurrency, parseOfxStatement } from './ofx-statement.ts';
import { decodeStatement } from './statement-encoding.ts';
import type { ParsedStatement } from './statement-row.ts';

export interface StatementFile {
  budget: string;
  accountId: string;
  currency: string;
  /** The file's bytes as uploaded; decoded here, the one place statements are decoded. */
  bytes: Uint8Array;
  /** An encoding the person named (validated with encodingNameSchema); detected when absent. */
  encoding?: string;
  /** A CSV layout for this account, saved at once for next time. Without it, the saved one is used. */
  mapping?: CsvMappingInput;
  /** A known layout's id the person confirmed (after it was proposed); saved like a mapping. */
  layout?: string;
}

/** What was read, in which encoding, and which known layout (if one was confirmed). */
export type ReadStatement = ParsedStatement & { encoding: string; layout?: string };

export async function readStatementFile(
  file: StatementFile,
  mappings: ColumnMappings,
): Promise<ReadStatement> {
  const { text, encoding } = decodeStatement(file.bytes, file.encoding);
  if (looksLikeOfx(text)) {
    const declared = ofxCurrency(text);
    if (declared && declared !== file.currency)
      throw fail.invalid(
        'FINANCE_CURRENCY_MISMATCH',
        `the statement is in ${declared}, the account in ${file.currency}`,
      );
    return { ...parseOfxStatement(text, file.currency), encoding };
  }
  const { mapping, layout } = await chooseMapping(file, text, mappings);
  return { ...parseCsvStatement(text, mapping, file.currency), encoding, ...(layout ? { layout } : {}) };
}

/**
 * The mapping to read a CSV with: the one given (saved before reading, so a failed import does not ask again), a
 * confirmed known layout (saved too), else the account's saved one. A file in a known layout that nobody has
 * confirmed yet is answered with the proposal; anything else asks for a mapping and shows the columns found.
 */
async function chooseMapping(
  file: StatementFile,
  text: string,
  mappings: ColumnMappings,
): Promise<{ mapping: CsvMapping; layout?: string }> {
  if (file.mapping) {
    const given = csvMappingSchema.safeParse(file.mapping);
    if (!given.success)
      throw fail.invalid('FINANCE_BAD_MAPPING', 'the column mapping is not valid', given.error.issues);
    await mappings.save(file.budget, file.accountId, given.data);
    return { mapping: given.data };
  }
  if (file.layout) {
    const layout = knownLayouts.find((l) => l.id === file.layout);
    if (!layout)
      throw fail.invalid(
        'FINANCE_BAD_MAPPING',
        `there is no known layout "${file.layout.slice(0, 40)}"; known: ${knownLayouts.map((l) => l.id).join(', ')}`,
      );
    const found = recogniseLayout(text, [layout]);
    if (!found)
      throw fail.invalid(
        'FINANCE_BAD_MAPPING',
        `this file is not a ${layout.name} export: its header needs the columns ${layout.signature.map((c) => `"${c}"`).join(', ')}`,
      );
    const mapping = csvMappingSchema.parse(found.mapping);
    await mappings.save(file.budget, file.accountId, mapping);
    return { mapping, layout: layout.id };
  }
  const saved = await mappings.get(file.budget, file.accountId);
  if (saved) return { mapping: saved };
  const proposal = recogniseLayout(text);
  if (proposal)
    throw fail.invalid(
      'FINANCE_MAPPING_PROPOSED',
      `this looks like a ${proposal.layout.name} export: send it again with layout "${proposal.layout.id}" to import it ` +
        'that way (or with a mapping of your own)',
      { layout: proposal.layout.id, name: proposal.layout.name, mapping: proposal.mapping },
    );
  const columns = headerColumns(text);
  throw fail.invalid(
    'FINANCE_MAPPING_NEEDED',
    'this account has no saved CSV layout yet and the file is not one I know: send a mapping naming the date, ' +
      `payee and amount (or debit/credit) columns${columns.length ? `; the file's columns are ${columns.map((c) => `"${c.slice(0, 40)}"`).join(', ')}` : ''}`,
    { columns },
  );
}
