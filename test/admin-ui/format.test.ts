// The overview's reasons in everyday words: no addresses or file paths (those are Technical details), times relative to now.
import assert from 'node:assert/strict';
import { plainReason } from '../../admin-ui/src/format.ts';

describe('plainReason', () => {
  const now = Date.parse('2026-12-01T01:00:00Z');

  it('leaves out addresses and file paths and keeps the rest of the sentence', () => {
    assert.equal(
      plainReason(
        'model endpoint http://127.0.0.1:9/v1 does not answer (unreachable: Connection error.)',
        now,
      ),
      'model endpoint does not answer (unreachable: Connection error.)',
    );
    assert.equal(
      plainReason('cannot write /var/lib/quorra/quorra.db: disk full', now),
      'cannot write (see Technical details): disk full',
    );
    assert.equal(plainReason('MATRIX_HOMESERVER_URL is not set', now), 'MATRIX_HOMESERVER_URL is not set');
  });

  it('says a timestamp relative to now', () => {
    assert.equal(
      plainReason('the agent is not running (since 2026-12-01T00:57:00.000Z)', now),
      'the agent is not running (since 3 minutes ago)',
    );
  });
});
