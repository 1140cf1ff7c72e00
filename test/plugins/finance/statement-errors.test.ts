// Refusals a person can act on: which line, which column, what was found there, in words.
import assert from 'node:assert/strict';
import type { DataSource } from 'typeorm';
import { LedgerBackend } from '../../../plugins/finance/ledger/ledger-backend.ts';
import { ColumnMappings } from '../../../plugins/finance/statements/column-mappings.ts';
import { readStatementFile, type StatementFile } from '../../../plugins/finance/statements/statement-file.ts';
import { makeTempDir, openFinanceDb } from './finance-test-kit.ts';
import { fixture } from './statement-fixtures.ts';

describe('finance statement errors a person can act on', () => {
  let tmp: ReturnType<typeof makeTempDir>;
  let db: DataSource;
  let accountId: string;
  before(async () => {
    tmp = makeTempDir();
    db = await openFinanceDb(tmp.dir);
    accountId = (await new LedgerBackend(db, 'household', 'EUR').createAccount({ name: 'Girokonto' })).id;
  });
  after(async () => {
    await db.destroy();
    tmp.remove();
  });
  const read = (file: string, extra: Partial<StatementFile> = {}) =>
    readStatementFile(
      { budget: 'household', accountId, currency: 'EUR', bytes: fixture(file), ...extra },
      new ColumnMappings(db),
    );

  it('a mapped column missing from the header names the line, the column and the columns that are there', async () => {
    // read as UTF-8 on purpose, the Latin-1 umlaut becomes a replacement character and the column is "not there"
    await assert.rejects(
      read('fees-no-payee.csv', {
        encoding: 'utf-8',
        mapping: {
          date: 'Buchungstag',
          dateFormat: 'DD.MM.YYYY',
          payee: 'Auftraggeber / Begünstigter',
          amount: 'Betrag',
        },
      }),
      (err: any) => {
        assert.equal(err.code, 'FINANCE_COLUMN_MISSING');
        assert.equal(
          err.message,
          'line 1 (the header): column "Auftraggeber / Begünstigter" is not there; the header has "Buchungstag", ' +
            '"Buchungstext", "Auftraggeber / Beg\uFFFDnstigter", "Gegenkonto-Name", "Verwendungszweck", "Betrag"',
        );
        assert.deepEqual(err.details.columns, ['Auftraggeber / Begünstigter']);
        return true;
      },
    );
    // detected, the same file reads
    const ok = await read('fees-no-payee.csv');
    assert.equal(ok.encoding, 'iso-8859-1');
    assert.equal(ok.rows.length, 6);
  });

  it('a CSV row it cannot read says line, column and what was there; the other rows still come through', async () => {
    const parsed = await read('rough-rows.csv', {
      mapping: { date: 'Date', payee: 'Payee', amount: 'Amount' },
    });
    assert.deepEqual(
      parsed.rows.map((r) => r.payee),
      ['Shop A', 'Shop D'],
    );
    assert.deepEqual(parsed.errors, [
      {
        line: 3,
        column: 'Date',
        found: '11/03/2026',
        reason: 'column "Date": "11/03/2026" is not a date written YYYY-MM-DD',
      },
      {
        line: 4,
        column: 'Amount',
        found: '12.50 13.00',
        reason: 'column "Amount": "12.50 13.00" is not an amount',
      },
    ]);
  });

  it('a file with spaces around its quotes still reads (csv-parse trims only when it has to)', async () => {
    const parsed = await readStatementFile(
      {
        budget: 'household',
        accountId,
        currency: 'EUR',
        bytes: Buffer.from('"Date" ; "Payee" ; "Amount"\n"2026-11-02" ; "Shop A" ; " -12.50 "\n'),
        mapping: { date: 'Date', payee: 'Payee', amount: 'Amount' },
      },
      new ColumnMappings(db),
    );
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(
      parsed.rows.map((r) => [r.payee, r.amount]),
      [['Shop A', -1250]],
    );
  });

  it('an OFX transaction it cannot read says the file line and the tag', async () => {
    const parsed = await read('rough.ofx');
    assert.deepEqual(
      parsed.rows.map((r) => r.payee),
      ['Kiosk'],
    );
    assert.deepEqual(parsed.errors, [
      { line: 5, column: 'DTPOSTED', reason: 'DTPOSTED: "2026-11-04" is not a date (YYYYMMDD)' },
      { line: 6, column: 'TRNAMT', reason: 'TRNAMT: "ten" is not an amount' },
    ]);
  });
});
