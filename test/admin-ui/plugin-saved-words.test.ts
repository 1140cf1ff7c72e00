// What saving a plugin's settings did, in words: never the raw state ("active") the server reports.
import assert from 'node:assert/strict';
import { savedWords } from '../../admin-ui/src/plugin-state.ts';

describe('savedWords', () => {
  it('says running, missing, off or failing in a sentence', () => {
    assert.equal(
      savedWords({ state: 'active' }),
      'Saved. It restarted with the new settings and is running.',
    );
    assert.equal(
      savedWords({ state: 'active', needsSetup: { what: 'Add your calendar server’s address.' } }),
      'Saved. One thing is still missing: Add your calendar server’s address.',
    );
    assert.equal(
      savedWords({ state: 'disabled' }),
      'Saved. It is switched off; switch it on to use these settings.',
    );
    assert.equal(
      savedWords({ state: 'failed', reason: 'the server refused the password' }),
      'Saved, but it did not start: the server refused the password.',
    );
    for (const state of ['active', 'disabled', 'failed'] as const)
      assert.doesNotMatch(savedWords({ state }), /\b(active|disabled|failed)\b/);
  });
});
