// Amount forms in whole statement files: the decimal mark decided per file, every form imported once, ambiguity refused.
import assert from 'node:assert/strict';
import type { DataSource } from 'typeorm';
import { LedgerBackend } from '../../../plugins/finance/ledger/ledger-backend.ts';
import { ColumnMappings } from '../../../plugins/finance/statements/column-mappings.ts';
import { readStatementFile } from '../../../plugins/finance/statements/statement-file.ts';
import { importStatement } from '../../../plugins/finance/statements/statement-import.ts';
import { makeTempDir, openFinanceDb } from './finance-test-kit.ts';
import { fixture } from './statement-fixtures.ts';

describe('finance statement amounts', () => {
  let tmp: ReturnType<typeof makeTempDir>;
  let db: DataSource;
  const accounts: Record<string, { ledger: LedgerBackend; id: string }> = {};

  before(async () => {
    tmp = makeTempDir();
    db = await openFinanceDb(tmp.dir);
    for (const currency of ['USD', 'EUR']) {
      const ledger = new LedgerBackend(db, currency.toLowerCase(), currency);
      accounts[currency] = { ledger, id: (await ledger.createAccount({ name: 'Checking' })).id };
    }
  });
  after(async () => {
    await db.destroy();
    tmp.remove();
  });

  async function importTwice(file: string, currency: string, mapping: object) {
    const { ledger, id } = accounts[currency];
    const read = () =>
      readStatementFile(
        { budget: currency, accountId: id, currency, bytes: fixture(file), mapping: mapping as never },
        new ColumnMappings(db),
      );
    const parsed = await read();
    assert.deepEqual(parsed.errors, []);
    const first = await importStatement(ledger, id, parsed.rows);
    assert.equal(first.added, parsed.rows.length);
    assert.equal((await importStatement(ledger, id, (await read()).rows)).added, 0, 'again: nothing added');
    return parsed.rows.map((r) => [r.payee, r.amount]);
  }

  it('a decimal-point file with every form (minus before $, parentheses, DR/CR, CHF, U+2212, thin space)', async () => {
    // the CHF row in a USD account is the one refused, with where and what; the rest import
    const parsed = await readStatementFile(
      {
        budget: 'USD',
        accountId: accounts.USD.id,
        currency: 'USD',
        bytes: fixture('amounts-point.csv'),
        mapping: { date: 'Date', payee: 'Description', amount: 'Amount', dateFormat: 'MM/DD/YYYY' },
      },
      new ColumnMappings(db),
    );
    assert.deepEqual(parsed.errors, [
      {
        line: 7,
        column: 'Amount',
        found: 'CHF -12.50',
        reason: 'column "Amount": "CHF -12.50" is in CHF, the account in USD',
      },
    ]);
    assert.deepEqual(
      parsed.rows.map((r) => [r.payee, r.amount]),
      [
        ['Hardware Store', -123456],
        ['Refund Hardware Store', 123456],
        ['Card Payment', -4520],
        ['Bank Charge', -1200],
        ['Cashback', 1200],
        ['Unicode Minus', -1200],
        ['Big Thin', 123456],
        ['Salary', 250000],
      ],
    );
    const { ledger, id } = accounts.USD;
    assert.equal((await importStatement(ledger, id, parsed.rows)).added, 8);
    assert.equal((await importStatement(ledger, id, parsed.rows)).added, 0);
  });

  it('the decimal-comma mirror images, the mark found from the column (no "decimal" in the mapping)', async () => {
    const rows = await importTwice('amounts-comma.csv', 'EUR', {
      date: 'Datum',
      payee: 'Empfänger',
      amount: 'Betrag',
      dateFormat: 'DD.MM.YYYY',
    });
    assert.deepEqual(rows, [
      ['Baumarkt', -123456],
      ['Baumarkt Erstattung', 123456],
      ['Kiosk', -1200],
      ['Kiosk Erstattung', 1200],
      ['Versicherung', -123456],
      ['Miete', -95000],
    ]);
  });

  it('a file whose rows disagree on the decimal mark is refused with the lines and texts, nothing guessed', async () => {
    await assert.rejects(
      readStatementFile(
        {
          budget: 'EUR',
          accountId: accounts.EUR.id,
          currency: 'EUR',
          bytes: fixture('amounts-disagree.csv'),
          mapping: { date: 'Date', payee: 'Payee', amount: 'Amount' },
        },
        new ColumnMappings(db),
      ),
      {
        code: 'FINANCE_AMBIGUOUS_DECIMAL',
        message:
          'the amounts disagree on the decimal mark: line 2, column "Amount" has "12,50" (a decimal comma), ' +
          'line 4, column "Amount" has "1,234.56" (a decimal point); say which the file uses with "decimal"',
      },
    );
  });
});
