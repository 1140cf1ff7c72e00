// The guide's error table is the catalogue's: a code added to core/contracts/errors.ts shows up in plugins/README.md.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { errorTable, withErrorTable } from '../../../core/contracts/error-table.ts';
import { coreErrors } from '../../../core/contracts/errors.ts';
import { statusOfKind } from '../../../core/http/error-status.ts';

const guide = readFileSync(new URL('../../../plugins/README.md', import.meta.url), 'utf8');

describe('error catalogue', () => {
  it('is the table plugins/README.md shows (regenerate with npx tsx tools/error-table.ts)', () => {
    assert.equal(withErrorTable(guide), guide);
    assert.ok(guide.includes(errorTable()));
  });

  it('gives every code a status some error kind maps to, and one line', () => {
    const statuses = new Set(Object.values(statusOfKind));
    for (const [code, e] of Object.entries(coreErrors)) {
      assert.ok(statuses.has(e.status), `${code}: ${e.status}`);
      assert.ok(e.says.length > 0 && !e.says.includes('\n'), code);
    }
  });

  it('refuses a guide that lost its markers', () => {
    assert.throws(() => withErrorTable('# no table'), /markers/);
  });
});
