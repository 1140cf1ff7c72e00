// Statement encodings: each fixture's encoding detected (BOM, then jschardet, then the byte rules), decoded, and overridable.
import assert from 'node:assert/strict';
import type { DataSource } from 'typeorm';
import { LedgerBackend } from '../../../plugins/finance/ledger/ledger-backend.ts';
import { ColumnMappings } from '../../../plugins/finance/statements/column-mappings.ts';
import {
  decodeStatement,
  encodingNameSchema,
} from '../../../plugins/finance/statements/statement-encoding.ts';
import { readStatementFile } from '../../../plugins/finance/statements/statement-file.ts';
import { importStatement } from '../../../plugins/finance/statements/statement-import.ts';
import { makeTempDir, openFinanceDb } from './finance-test-kit.ts';
import { fixture } from './statement-fixtures.ts';

describe('finance statement encodings', () => {
  const cases: [file: string, encoding: string, by: string, word: string][] = [
    ['sparkasse-latin1.csv', 'iso-8859-1', 'detected', 'Bäckerei Müller GmbH'],
    ['uk-windows-1252.csv', 'windows-1252', 'detected', 'Café “Noir” – Soho'],
    ['excel-utf16le-bom.txt', 'utf-16le', 'bom', 'Zürich Kantonalbank'],
    ['utf16be-no-bom.csv', 'utf-16be', 'detected', 'Comisión mantenimiento'],
    ['es-iso-8859-15.csv', 'iso-8859-15', 'detected', '-12,00 €'],
    ['app-utf8-bom.csv', 'utf-8', 'bom', 'Späti Kreuzberg'],
  ];
  for (const [file, encoding, by, word] of cases)
    it(`reads ${file} as ${encoding} (${by})`, () => {
      const d = decodeStatement(fixture(file));
      assert.equal(d.encoding, encoding);
      assert.equal(d.by, by);
      assert.ok(d.text.includes(word), `"${word}" is read intact`);
      assert.notEqual(d.text.charCodeAt(0), 0xfeff, 'no BOM left in the text');
      assert.ok(!d.text.includes('\uFFFD'), 'no replacement characters');
    });

  it('plain ASCII and UTF-8 without a BOM are UTF-8', () => {
    assert.equal(decodeStatement(Buffer.from('Date,Amount\n2026-11-01,1.00\n')).encoding, 'utf-8');
    assert.equal(decodeStatement(Buffer.from('Datum;Empfänger\n')).encoding, 'utf-8');
  });

  it('an encoding the person names wins over detection; unknown names are refused in words', () => {
    const d = decodeStatement(fixture('sparkasse-latin1.csv'), 'windows-1252');
    assert.equal(d.encoding, 'windows-1252');
    assert.equal(d.by, 'given');
    assert.ok(d.text.includes('Müller'));
    // read as UTF-8 on purpose, the umlauts are lost: the override really is used
    assert.ok(decodeStatement(fixture('sparkasse-latin1.csv'), 'utf-8').text.includes('\uFFFD'));
    const bad = encodingNameSchema.safeParse('klingon');
    assert.equal(bad.success, false);
    assert.match(bad.error!.issues[0].message, /not an encoding I know: try utf-8, windows-1252/);
    assert.equal(encodingNameSchema.safeParse(' Latin1 ').success, true);
    assert.throws(() => decodeStatement(Buffer.from('x'), 'klingon'), { code: 'FINANCE_BAD_ENCODING' });
  });

  describe('imported', () => {
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

    it('an Excel UTF-16 file whose mapping names an umlaut column imports, and importing it again adds nothing', async () => {
      const read = () =>
        readStatementFile(
          {
            budget: 'household',
            accountId,
            currency: 'EUR',
            bytes: fixture('excel-utf16le-bom.txt'),
            mapping: {
              date: 'Datum',
              payee: 'Empfänger',
              amount: 'Betrag',
              decimal: ',',
              dateFormat: 'DD.MM.YYYY',
            },
          },
          new ColumnMappings(db),
        );
      const parsed = await read();
      assert.equal(parsed.encoding, 'utf-16le');
      assert.deepEqual(parsed.errors, []);
      assert.deepEqual(
        parsed.rows.map((r) => [r.payee, r.amount]),
        [
          ['Zürich Kantonalbank', -1250],
          ['Café Crème', -420],
        ],
      );
      assert.equal((await importStatement(ledger, accountId, parsed.rows)).added, 2);
      assert.equal((await importStatement(ledger, accountId, (await read()).rows)).added, 0);
    });

    it('a Latin-1 savings-bank file keeps its umlauts in payees', async () => {
      const parsed = await readStatementFile(
        {
          budget: 'household',
          accountId,
          currency: 'EUR',
          bytes: fixture('sparkasse-latin1.csv'),
          mapping: {
            skipLines: 2,
            date: 'Buchungstag',
            payee: 'Beguenstigter/Zahlungspflichtiger',
            amount: 'Betrag',
            decimal: ',',
            dateFormat: 'DD.MM.YYYY',
          },
        },
        new ColumnMappings(db),
      );
      assert.equal(parsed.encoding, 'iso-8859-1');
      assert.deepEqual(
        parsed.rows.map((r) => [r.date, r.payee, r.amount]),
        [
          ['2026-11-03', 'Bäckerei Müller GmbH', -480],
          ['2026-11-04', 'Stadtwerke München', -123456],
          ['2026-11-05', 'Müller & Söhne KG', 300000],
        ],
      );
    });
  });
});
