// Benchmarks importing a 10,000-row bank CSV (Latin-1, decimal comma, fee rows) against csv-parse alone on the same
// file: reading (decode, detect, parse, amounts, payees) and the whole import into the embedded ledger, as ratios.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { openDatabase } from '../core/db/open-database.ts';
import { LedgerBackend } from '../plugins/finance/ledger/ledger-backend.ts';
import {
  CreateFinance1764600000000,
  financeTables,
} from '../plugins/finance/migrations/1764600000000-create-finance.ts';
import { AddPayeeReview1765400000000 } from '../plugins/finance/migrations/1765400000000-add-payee-review.ts';
import { ColumnMappings } from '../plugins/finance/statements/column-mappings.ts';
import { readStatementFile } from '../plugins/finance/statements/statement-file.ts';
import { importStatement } from '../plugins/finance/statements/statement-import.ts';
import { reportGoal } from './support/goals.ts';
import { prng } from './support/prng.ts';

const ROWS = 10_000;
const RUNS = 5;
const payees = [
  'Bäckerei Müller',
  'REWE Markt GmbH',
  'Stadtwerke München',
  'Café Crème',
  'Lidl sagt Danke',
  'Apotheke Süd',
];

/** A Sparkasse-like export: preamble, quoted semicolons, DD.MM.YY dates, 1.234,56 amounts, every 50th row a fee. */
function statement(): Buffer {
  const rand = prng(17);
  const lines = [
    '"Umsätze Girokonto";"DE00 1234 5678 9012 3456 78"',
    '',
    '"Auftragskonto";"Buchungstag";"Valutadatum";"Buchungstext";"Verwendungszweck";"Beguenstigter/Zahlungspflichtiger";"Betrag";"Waehrung"',
  ];
  for (let i = 0; i < ROWS; i++) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const month = String(1 + (Math.floor(i / 28) % 12)).padStart(2, '0');
    const fee = i % 50 === 49;
    const cents = Math.floor(rand() * 250_000) - 200_000;
    const amount = (fee ? -490 : cents) / 100;
    const text = amount.toLocaleString('de-DE', { minimumFractionDigits: 2 });
    lines.push(
      `"DE00";"${day}.${month}.26";"${day}.${month}.26";"${fee ? 'ENTGELTABSCHLUSS' : 'KARTENZAHLUNG'}";"Ref ${i}";"${fee ? '' : payees[i % payees.length]}";"${text}";"EUR"`,
    );
  }
  return iconv.encode(lines.join('\r\n'), 'latin1');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function time(fn: () => unknown): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

const bytes = statement();
const mapping = {
  skipLines: 2,
  date: 'Buchungstag',
  dateFormat: 'DD.MM.YYYY' as const,
  payee: 'Beguenstigter/Zahlungspflichtiger',
  kind: 'Buchungstext',
  memo: 'Verwendungszweck',
  amount: 'Betrag',
};
const dir = mkdtempSync(path.join(tmpdir(), 'quorra-statements-bench-'));
try {
  const { db } = await openDatabase({
    path: path.join(dir, 'bench.db'),
    busyTimeoutMs: 5000,
    entities: financeTables,
    migrations: [CreateFinance1764600000000, AddPayeeReview1765400000000],
  });
  const mappings = new ColumnMappings(db);
  // csv-parse alone: the same bytes as Latin-1 text, the same separator and header, records as objects
  const bare = () =>
    parse(bytes.toString('latin1'), { delimiter: ';', from_line: 3, columns: true, skip_empty_lines: true });
  const read = () =>
    readStatementFile({ budget: 'bench', accountId: 'bench', currency: 'EUR', bytes, mapping }, mappings);
  // warm both (module loads, jschardet's model, JIT), then alternate so load on the machine hits both alike
  bare();
  const check = await read();
  if (check.rows.length !== ROWS || check.errors.length)
    throw new Error(`read ${check.rows.length} rows, ${check.errors.length} errors`);
  const bareMs: number[] = [];
  const readMs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    bareMs.push(await time(bare));
    readMs.push(await time(read));
  }
  const bareRate = ROWS / (median(bareMs) / 1000);
  const readRate = ROWS / (median(readMs) / 1000);
  console.log(
    `csv-parse alone: ${bareRate.toFixed(0)} rows/s (median of ${RUNS}, ${median(bareMs).toFixed(1)} ms)`,
  );
  console.log(
    `statement read (decode, detect, parse, amounts, payees): ${readRate.toFixed(0)} rows/s (${median(readMs).toFixed(1)} ms)`,
  );

  // the whole import: read, dedup keys, one ledger write per new row; then the same file again (all duplicates)
  const ledger = new LedgerBackend(db, 'bench', 'EUR');
  const account = await ledger.createAccount({ name: 'Girokonto' });
  const fileOf = () =>
    readStatementFile({ budget: 'bench', accountId: account.id, currency: 'EUR', bytes, mapping }, mappings);
  let added = 0;
  const importMs = await time(async () => {
    added = (await importStatement(ledger, account.id, (await fileOf()).rows)).added;
  });
  let again = -1;
  const againMs = await time(async () => {
    again = (await importStatement(ledger, account.id, (await fileOf()).rows)).added;
  });
  if (added !== ROWS || again !== 0) throw new Error(`imported ${added}, then ${again}`);
  const importRate = ROWS / (importMs / 1000);
  const againRate = ROWS / (againMs / 1000);
  console.log(
    `full import into the ledger (SQLite): ${importRate.toFixed(0)} rows/s (${importMs.toFixed(0)} ms)`,
  );
  console.log(`re-import, every row a duplicate: ${againRate.toFixed(0)} rows/s (${againMs.toFixed(0)} ms)`);
  console.log(
    `ratios to csv-parse alone: read ${(readRate / bareRate).toFixed(2)}x, re-import ${(againRate / bareRate).toFixed(2)}x, full import ${(importRate / bareRate).toFixed(3)}x`,
  );
  reportGoal({
    id: 'statements.rate',
    value: readRate / bareRate,
    unit: 'x',
    target: 0.5,
    direction: 'min',
    baseline: 'csv-parse alone on the same 10,000-row file, same run',
    note: `read path; full ledger import ${(importRate / bareRate).toFixed(3)}x, re-import ${(againRate / bareRate).toFixed(2)}x`,
  });
  await db.destroy();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
