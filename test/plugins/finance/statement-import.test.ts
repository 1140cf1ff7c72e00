// Statement import: CSV variants (US, European decimal comma, debit/credit, parentheses) and OFX/QFX; importing twice adds nothing.
import assert from 'node:assert/strict';
import type { DataSource } from 'typeorm';
import { LedgerBackend } from '../../../plugins/finance/ledger/ledger-backend.ts';
import { ColumnMappings } from '../../../plugins/finance/statements/column-mappings.ts';
import { readStatementFile } from '../../../plugins/finance/statements/statement-file.ts';
import { importStatement } from '../../../plugins/finance/statements/statement-import.ts';
import { accountInFilename } from '../../../plugins/finance/statements/statement-importer.ts';
import { makeActual, makeTempDir, openFinanceDb } from './finance-test-kit.ts';

const usCsv = [
  'Date,Description,Amount,Reference',
  "11/03/2026,TRADER JOE'S #552,(45.20),R1",
  '11/04/2026,"Payroll, ACME Inc",2500.00,R2',
  '11/05/2026,Coffee Shop,-3.50,',
  '11/05/2026,Coffee Shop,-3.50,',
].join('\n');

const euCsv = [
  'Kontoauszug Girokonto',
  '',
  'Buchungstag;Empfänger;Betrag;Verwendungszweck',
  '03.11.2026;LIDL SAGT DANKE 1234;-12,50;Einkauf',
  '04.11.2026;Stadtwerke München;-1.234,56;Strom',
  '05.11.2026;Gehalt;3.000,00;',
].join('\r\n');

const debitCreditCsv = [
  'Date,Payee,Debit,Credit',
  '2026-11-03,Rent Co,950.00,',
  '2026-11-04,Refund Shop,,19.99',
].join('\n');

const ofxSgml = `OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR
<BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261103120000<TRNAMT>-12.50<FITID>F001<NAME>LIDL<MEMO>card 1234
<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261104<TRNAMT>-60.00<FITID>F002<NAME>M&amp;S Food
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261105<TRNAMT>1500.00<FITID>F003<NAME>Salary
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

const ofxXml = `<?xml version="1.0"?><?OFX OFXHEADER="200" VERSION="220"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR</CURDEF><BANKTRANLIST>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261106</DTPOSTED><TRNAMT>-8.00</TRNAMT><FITID>X1</FITID><NAME>Kiosk</NAME></STMTTRN>
<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261107</DTPOSTED><TRNAMT>-9.00</TRNAMT><FITID>X2</FITID><NAME>Kiosk</NAME></STMTTRN>
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`;

describe('finance statement import', () => {
  let tmp: ReturnType<typeof makeTempDir>;
  let db: DataSource;
  let ledger: LedgerBackend;
  let mappings: ColumnMappings;
  let accountId: string;

  beforeEach(async () => {
    tmp = makeTempDir();
    db = await openFinanceDb(tmp.dir);
    ledger = new LedgerBackend(db, 'household', 'EUR');
    mappings = new ColumnMappings(db);
    accountId = (await ledger.createAccount({ name: 'Girokonto' })).id;
  });
  afterEach(async () => {
    await db.destroy();
    tmp.remove();
  });

  async function importTwice(content: string, mapping?: object) {
    const rows = async () =>
      (
        await readStatementFile(
          {
            budget: 'household',
            accountId,
            currency: 'EUR',
            bytes: Buffer.from(content),
            mapping: mapping as never,
          },
          mappings,
        )
      ).rows;
    const first = await importStatement(ledger, accountId, await rows());
    const after = await ledger.transactions({ from: '2026-01-01', to: '2026-12-31' });
    const second = await importStatement(ledger, accountId, await rows());
    assert.equal(second.added, 0, 'the second import adds nothing');
    assert.deepEqual(await ledger.transactions({ from: '2026-01-01', to: '2026-12-31' }), after);
    return { first, second, after };
  }

  it('imports a US CSV: M/D/Y dates, parentheses negatives, quoted commas, two identical coffees', async () => {
    const { first, after } = await importTwice(usCsv, {
      date: 'Date',
      payee: 'Description',
      amount: 'Amount',
      bankId: 'Reference',
      dateFormat: 'MM/DD/YYYY',
    });
    assert.equal(first.added, 4);
    const byPayee = Object.fromEntries(after.map((t) => [t.payee, t]));
    assert.equal(byPayee["TRADER JOE'S #552"].amount, -4520);
    assert.equal(byPayee["TRADER JOE'S #552"].date, '2026-11-03');
    assert.equal(byPayee['Payroll, ACME Inc'].amount, 250000);
    assert.equal(after.filter((t) => t.payee === 'Coffee Shop').length, 2);
    assert.ok(after.every((t) => !t.reviewed && t.categoryId === null));
  });

  it('imports a European CSV: preamble, semicolons, decimal comma, thousands dots, D.M.Y dates; the mapping is saved', async () => {
    const mapping = {
      skipLines: 2,
      date: 'Buchungstag',
      payee: 'Empfänger',
      amount: 'Betrag',
      memo: 'Verwendungszweck',
      decimal: ',',
      dateFormat: 'DD.MM.YYYY',
    };
    const { first, after } = await importTwice(euCsv, mapping);
    assert.equal(first.added, 3);
    assert.deepEqual(after.map((t) => [t.date, t.amount]).sort(), [
      ['2026-11-03', -1250],
      ['2026-11-04', -123456],
      ['2026-11-05', 300000],
    ]);
    // the next statement from this bank needs no mapping
    const again = await readStatementFile(
      { budget: 'household', accountId, currency: 'EUR', bytes: Buffer.from(euCsv) },
      mappings,
    );
    assert.equal(again.rows.length, 3);
  });

  it('imports separate debit and credit columns', async () => {
    const { after } = await importTwice(debitCreditCsv, {
      date: 'Date',
      payee: 'Payee',
      debit: 'Debit',
      credit: 'Credit',
    });
    assert.deepEqual(after.map((t) => [t.payee, t.amount]).sort(), [
      ['Refund Shop', 1999],
      ['Rent Co', -95000],
    ]);
  });

  it('asks for a mapping the first time, and reports unreadable lines without losing the rest', async () => {
    await assert.rejects(
      readStatementFile(
        { budget: 'household', accountId, currency: 'EUR', bytes: Buffer.from(usCsv) },
        mappings,
      ),
      { code: 'FINANCE_MAPPING_NEEDED' },
    );
    const parsed = await readStatementFile(
      {
        budget: 'household',
        accountId,
        currency: 'EUR',
        bytes: Buffer.from('Date,Payee,Amount\n2026-11-01,A,1.00\nnot a date,B,2.00\n2026-11-02,C,lots'),
        mapping: { date: 'Date', payee: 'Payee', amount: 'Amount' },
      },
      mappings,
    );
    assert.equal(parsed.rows.length, 1);
    assert.deepEqual(
      parsed.errors.map((e) => e.line),
      [3, 4],
    );
  });

  it('imports OFX 1.x (SGML) and 2.x (XML) with bank ids', async () => {
    const sgml = await importTwice(ofxSgml);
    assert.equal(sgml.first.added, 3);
    assert.equal(sgml.after.find((t) => t.payee === 'M&S Food')?.amount, -6000);
    const xml = await importTwice(ofxXml);
    assert.equal(xml.first.added, 2);
  });

  it('refuses an OFX statement in another currency than the account', async () => {
    await assert.rejects(
      readStatementFile(
        {
          budget: 'household',
          accountId,
          currency: 'EUR',
          bytes: Buffer.from(ofxSgml.replace('EUR', 'USD')),
        },
        mappings,
      ),
      { code: 'FINANCE_CURRENCY_MISMATCH' },
    );
  });

  it('dedups the same way on an Actual budget', async function () {
    this.timeout(60_000);
    const sut = await makeActual();
    try {
      const acc = await sut.backend.createAccount({ name: 'Checking' });
      const rows = (
        await readStatementFile(
          { budget: 'b', accountId: acc.id, currency: 'EUR', bytes: Buffer.from(ofxSgml) },
          mappings,
        )
      ).rows;
      assert.equal((await importStatement(sut.backend, acc.id, rows)).added, 3);
      assert.equal((await importStatement(sut.backend, acc.id, rows)).added, 0);
      assert.equal((await sut.backend.transactions({ from: '2026-11-01', to: '2026-11-30' })).length, 3);
    } finally {
      await sut.dispose();
    }
  });
});

describe('finance statement file names', () => {
  it('point at the one account whose name they contain', () => {
    const accounts = ['Checking', 'Joint', 'Credit card'];
    assert.equal(accountInFilename('joint-2026-11.ofx', accounts), 'Joint');
    assert.equal(accountInFilename('Credit_Card Nov.csv', accounts), 'Credit card');
    assert.equal(accountInFilename('statement.ofx', accounts), undefined);
    assert.equal(
      accountInFilename('joint and checking.csv', accounts),
      undefined,
      'two names: ask nobody, use the default',
    );
  });
});
