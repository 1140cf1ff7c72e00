// lazyRequire: a package loads on first use, once, and a missing one fails only when it is used.
import assert from 'node:assert/strict';
import type * as CsvParse from 'csv-parse/sync';
import { lazyRequire } from '../../core/lazy-require.ts';

describe('lazyRequire', () => {
  it('loads the package on the first call and returns the same module after', () => {
    const csv = lazyRequire<typeof CsvParse>('csv-parse/sync');
    const first = csv();
    assert.deepEqual(first.parse('a,b\n1,2\n', { columns: true }), [{ a: '1', b: '2' }]);
    assert.equal(csv(), first);
  });

  it('fails only when a missing package is first used, naming it', () => {
    const missing = lazyRequire('quorra-no-such-package');
    assert.throws(() => missing(), /Cannot find module 'quorra-no-such-package'/);
  });
});
