// Known bank layouts: recognised without a mapping, proposed, imported once confirmed; a given mapping is saved at once.
import assert from 'node:assert/strict';
import type { DataSource } from 'typeorm';
import { LedgerBackend } from '../../../plugins/finance/ledger/ledger-backend.ts';
import { ColumnMappings } from '../../../plugins/finance/statements/column-mappings.ts';
import { knownLayouts } from '../../../plugins/finance/statements/known-layouts.ts';
import { readStatementFile } from '../../../plugins/finance/statements/statement-file.ts';
import { importStatement } from '../../../plugins/finance/statements/statement-import.ts';
import { makeTempDir, openFinanceDb } from './finance-test-kit.ts';
import { fixture } from './statement-fixtures.ts';

describe('finance known statement layouts', () => {
  let tmp: ReturnType<typeof makeTempDir>;
  let db: DataSource;
  let mappings: ColumnMappings;
  const ledgers = new Map<string, LedgerBackend>();
  before(async () => {
    tmp = makeTempDir();
    db = await openFinanceDb(tmp.dir);
    mappings = new ColumnMappings(db);
  });
  after(async () => {
    await db.destroy();
    tmp.remove();
  });

  /** A fresh account (own budget) in the given currency, so each case starts with no saved mapping. */
  async function account(name: string, currency: string) {
    const ledger = new LedgerBackend(db, name, currency);
    ledgers.set(name, ledger);
    return { ledger, id: (await ledger.createAccount({ name: 'Checking' })).id };
  }

  const cases: [
    file: string,
    layout: string,
    currency: string,
    skipLines: number,
    rows: [string, number, boolean][],
  ][] = [
    [
      'dkb-2023.csv',
      'dkb',
      'EUR',
      4,
      [
        ['REWE Markt GmbH', -2345, false],
        ['ACME GmbH', 280000, false],
        ['Bank fee', -490, true],
      ],
    ],
    [
      'monzo.csv',
      'monzo',
      'GBP',
      0,
      [
        ['Pret A Manger', -425, false],
        ['Sam', 2000, false],
        ['Bank fee', -500, true],
      ],
    ],
    [
      'chase-checking.csv',
      'chase',
      'USD',
      0,
      [
        ['WHOLEFDS MKT #10234', -8217, false],
        ['ACME PAYROLL', 250000, false],
        ['Bank fee', -1200, true],
      ],
    ],
    [
      'postfinance.csv',
      'postfinance',
      'CHF',
      4,
      [
        ['Migros Zürich', -4560, false],
        ['Lohn Müller AG', 520000, false],
        ['Belastung', -500, true],
      ],
    ],
    [
      'bbva.csv',
      'bbva',
      'EUR',
      0,
      [
        ['Mercadona Valencia', -3620, false],
        ['Nómina Empresa SL', 185000, false],
        ['Bank fee', -300, true],
      ],
    ],
    [
      'sparkasse-latin1.csv',
      'sparkasse',
      'EUR',
      2,
      [
        ['Bäckerei Müller GmbH', -480, false],
        ['Stadtwerke München', -123456, false],
        ['Müller & Söhne KG', 300000, false],
      ],
    ],
  ];
  for (const [file, layout, currency, skipLines, expected] of cases)
    it(`${file}: proposed as "${layout}" without a mapping, imported once confirmed, then remembered`, async () => {
      const { ledger, id } = await account(layout, currency);
      const read = (extra: object = {}) =>
        readStatementFile(
          { budget: layout, accountId: id, currency, bytes: fixture(file), ...extra },
          mappings,
        );
      await assert.rejects(read(), (err: any) => {
        assert.equal(err.code, 'FINANCE_MAPPING_PROPOSED');
        assert.equal(err.details.layout, layout);
        assert.equal(err.details.mapping.skipLines, skipLines);
        assert.match(err.message, new RegExp(`send it again with layout "${layout}"`));
        return true;
      });
      assert.equal(await mappings.get(layout, id), null, 'a proposal is not saved until confirmed');
      const parsed = await read({ layout });
      assert.equal(parsed.layout, layout);
      assert.deepEqual(parsed.errors, []);
      assert.deepEqual(
        parsed.rows.map((r) => [r.payee, r.amount, r.payeeToReview ?? false]),
        expected,
      );
      assert.equal((await importStatement(ledger, id, parsed.rows)).added, 3);
      // the next statement from this bank needs nothing: the confirmed layout was saved for the account
      const again = await read();
      assert.equal(
        (await importStatement(ledger, id, again.rows)).added,
        0,
        'importing it again adds nothing',
      );
    });

  it('a layout named for a file that is not in it is refused, naming the columns it needs', async () => {
    const { id } = await account('wrong', 'EUR');
    await assert.rejects(
      readStatementFile(
        { budget: 'wrong', accountId: id, currency: 'EUR', bytes: fixture('bbva.csv'), layout: 'dkb' },
        mappings,
      ),
      {
        code: 'FINANCE_BAD_MAPPING',
        message: /this file is not a DKB export: its header needs the columns "Buchungsdatum"/,
      },
    );
    await assert.rejects(
      readStatementFile(
        { budget: 'wrong', accountId: id, currency: 'EUR', bytes: fixture('bbva.csv'), layout: 'nope' },
        mappings,
      ),
      { code: 'FINANCE_BAD_MAPPING', message: /there is no known layout "nope"; known: sparkasse, dkb/ },
    );
  });

  it('an unknown layout asks for a mapping and shows the columns it found', async () => {
    const { id } = await account('unknown', 'EUR');
    await assert.rejects(
      readStatementFile(
        { budget: 'unknown', accountId: id, currency: 'EUR', bytes: fixture('amounts-disagree.csv') },
        mappings,
      ),
      {
        code: 'FINANCE_MAPPING_NEEDED',
        message: /the file's columns are "Date", "Payee", "Amount"$/,
      },
    );
  });

  it('a mapping is saved as soon as it is given, even when that first import fails', async () => {
    const { id } = await account('first-try', 'EUR');
    const file = {
      budget: 'first-try',
      accountId: id,
      currency: 'EUR',
      bytes: fixture('amounts-disagree.csv'),
    };
    await assert.rejects(
      readStatementFile({ ...file, mapping: { date: 'Date', payee: 'Payee', amount: 'Amount' } }, mappings),
      { code: 'FINANCE_AMBIGUOUS_DECIMAL' },
    );
    assert.deepEqual((await mappings.get('first-try', id))?.amount, 'Amount');
    // the second try is not asked for a mapping again: the same file now fails only on its amounts
    await assert.rejects(readStatementFile(file, mappings), { code: 'FINANCE_AMBIGUOUS_DECIMAL' });
    const fixed = await readStatementFile(
      { ...file, bytes: Buffer.from('Date;Payee;Amount\n2026-11-02;Shop A;12,50\n') },
      mappings,
    );
    assert.deepEqual(
      fixed.rows.map((r) => r.amount),
      [1250],
    );
  });

  it('every known layout has an id of its own and a mapping that names only its signature or optional columns', () => {
    assert.equal(new Set(knownLayouts.map((l) => l.id)).size, knownLayouts.length);
    for (const l of knownLayouts) {
      const needed = [
        l.mapping.date,
        ...[l.mapping.payee].flat(),
        l.mapping.amount,
        l.mapping.debit,
        l.mapping.credit,
      ];
      for (const c of needed.filter(Boolean))
        assert.ok(l.signature.includes(c as string), `${l.id}: ${c} is in its signature`);
    }
  });
});
