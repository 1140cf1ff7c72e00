// Rows without a payee: candidate columns in order, then the kind of row or its description, marked for review, never refused.
import assert from 'node:assert/strict';
import type { DataSource } from 'typeorm';
import { LedgerBackend } from '../../../plugins/finance/ledger/ledger-backend.ts';
import { AddPayeeReview1765400000000 } from '../../../plugins/finance/migrations/1765400000000-add-payee-review.ts';
import { reconcileContext } from '../../../plugins/finance/modes/reconcile-context.ts';
import { ColumnMappings } from '../../../plugins/finance/statements/column-mappings.ts';
import { rowPayee } from '../../../plugins/finance/statements/payee-fallback.ts';
import { readStatementFile } from '../../../plugins/finance/statements/statement-file.ts';
import { importStatement } from '../../../plugins/finance/statements/statement-import.ts';
import { makeTempDir, openFinanceDb } from './finance-test-kit.ts';
import { fixture } from './statement-fixtures.ts';

const germanMapping = {
  date: 'Buchungstag',
  dateFormat: 'DD.MM.YYYY',
  payee: ['Auftraggeber / Begünstigter', 'Gegenkonto-Name'],
  kind: 'Buchungstext',
  memo: 'Verwendungszweck',
  amount: 'Betrag',
};

describe('finance statement rows without a payee', () => {
  let tmp: ReturnType<typeof makeTempDir>;
  let db: DataSource;
  let ledger: LedgerBackend;
  let accountId: string;
  beforeEach(async () => {
    tmp = makeTempDir();
    db = await openFinanceDb(tmp.dir);
    ledger = new LedgerBackend(db, 'household', 'EUR');
    accountId = (await ledger.createAccount({ name: 'Girokonto' })).id;
  });
  afterEach(async () => {
    await db.destroy();
    tmp.remove();
  });

  const read = (file: string, mapping?: object) =>
    readStatementFile(
      { budget: 'household', accountId, currency: 'EUR', bytes: fixture(file), mapping: mapping as never },
      new ColumnMappings(db),
    );
  const all = () => ledger.transactions({ from: '2026-01-01', to: '2026-12-31' });

  it('the first non-empty candidate wins; fee, interest and bare rows get a payee marked for review', async () => {
    const parsed = await read('fees-no-payee.csv', germanMapping);
    assert.deepEqual(parsed.errors, [], 'no row is refused');
    assert.equal((await importStatement(ledger, accountId, parsed.rows)).added, 6);
    assert.equal((await importStatement(ledger, accountId, (await read('fees-no-payee.csv')).rows)).added, 0);
    const got = (await all()).map((t) => [t.date, t.payee, t.amount, t.payeeToReview]);
    assert.deepEqual(got.sort(), [
      ['2026-11-01', 'Bäckerei Müller', -480, false],
      ['2026-11-02', 'Oma Grete', 5000, false],
      ['2026-11-30', 'Bank fee', -690, true],
      ['2026-11-30', 'Interest', 12, true],
      ['2026-11-30', 'Sparen', -10000, true],
      ['2026-11-30', 'Unknown payee', -100, true],
    ]);
    const context = await reconcileContext(ledger, '2026-12-01');
    assert.match(context, /Bank fee — uncategorised, unreviewed, payee filled in by the import/);
    assert.doesNotMatch(context, /Oma Grete[^\n]*filled in/);
    // once a person has looked at them, the mark is gone
    await ledger.markReviewed((await all()).map((t) => t.id));
    assert.ok((await all()).every((t) => !t.payeeToReview));
  });

  it('an OFX fee or interest row without a NAME is read from its TRNTYPE', async () => {
    const parsed = await read('fees-no-name.ofx');
    assert.deepEqual(parsed.errors, []);
    assert.deepEqual(
      parsed.rows.map((r) => [r.payee, r.payeeToReview ?? false]),
      [
        ['Kiosk', false],
        ['Bank fee', true],
        ['Interest', true],
      ],
    );
  });

  it('reads the kind of a row in the languages banks write', () => {
    for (const [kind, description, payee] of [
      ['Bank fee', undefined, 'Bank fee'],
      ['COMISIÓN MANTENIMIENTO', undefined, 'Bank fee'],
      [undefined, 'Frais de tenue de compte', 'Bank fee'],
      ['Sollzinsen', undefined, 'Interest'],
      ['Intereses', 'Liquidación', 'Interest'],
      ['Monthly service charge', undefined, 'Bank fee'],
      ['TRANSFER', 'Rent share', 'Rent share'],
      ['TRANSFER', undefined, 'TRANSFER'],
    ] as const)
      assert.deepEqual(
        rowPayee(['', '  '], description, kind),
        { payee, toReview: true },
        `${kind}/${description}`,
      );
    assert.deepEqual(rowPayee(['', 'Oma'], 'x', 'fee'), { payee: 'Oma', toReview: false });
  });

  it('the migration adds the column to a ledger created before it, existing rows unmarked', async () => {
    const old = await ledger.logTransaction({
      accountId,
      date: '2026-10-01',
      amount: -100,
      payee: 'Old Shop',
    });
    const q = db.createQueryRunner();
    try {
      // the table as the first release made it, with a row in it
      await q.dropColumn('finance_transactions', 'payee_review');
      await new AddPayeeReview1765400000000().up(q);
      await new AddPayeeReview1765400000000().up(q); // a second run finds the column and does nothing
    } finally {
      await q.release();
    }
    assert.equal((await ledger.transaction(old.id))?.payeeToReview, false);
    const parsed = await read('fees-no-payee.csv', germanMapping);
    await importStatement(ledger, accountId, parsed.rows);
    assert.equal((await all()).filter((t) => t.payeeToReview).length, 4);
    assert.equal((await all()).length, 7);
  });
});
