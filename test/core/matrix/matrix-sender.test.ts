// Transaction ids: the same key gives the same id in every run and version, so a resend after a restart posts nothing new.
import assert from 'node:assert/strict';
import { txnIdFor } from '../../../core/matrix/matrix-sender.ts';

describe('Matrix sender transaction ids', () => {
  it('derives the id from the key alone, as every earlier version did', () => {
    // computed with createHash('sha256') by the code before: an upgrade mid-retry must not change the id
    assert.equal(txnIdFor('reply:$ev1:home.test'), 'quorra-ZQm5FFyra6zCW_LICQWdY33lYrXDCjBs');
    assert.equal(txnIdFor('reply:$ev1:home.test'), txnIdFor('reply:$ev1:home.test'));
    assert.notEqual(txnIdFor('reply:$ev1:home.test'), txnIdFor('apology:$ev1:home.test'));
    assert.match(txnIdFor('x'), /^quorra-[\w-]{32}$/);
  });
});
