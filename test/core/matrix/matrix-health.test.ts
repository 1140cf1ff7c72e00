// The /health `matrix` verdict: ok while syncing, degraded with the reason when not connected, failing or stale.
import assert from 'node:assert/strict';
import { rateLimitWait } from '../../../core/matrix/matrix-client.ts';
import { STALE_SYNC_MS, syncHealth } from '../../../core/matrix/matrix-health.ts';

const base = {
  connected: true,
  startedAt: 1_000,
  lastSyncAt: 5_000,
  now: 6_000,
  extra: { e2ee: 'E2EE enabled' },
};

describe('Matrix health', () => {
  it('is ok while syncs succeed, with the details and the time since the last sync', () => {
    assert.deepEqual(syncHealth(base), {
      status: 'ok',
      e2ee: 'E2EE enabled',
      lastSyncAt: new Date(5_000).toISOString(),
      secondsSinceLastSync: 1,
    });
  });

  it('is degraded with the reason when not connected, the last sync failed, or syncing went stale', () => {
    assert.deepEqual(syncHealth({ ...base, connected: false, lastStartError: 'ECONNREFUSED' }), {
      status: 'degraded',
      reason: 'not connected: ECONNREFUSED',
      e2ee: 'E2EE enabled',
    });
    const failed = syncHealth({ ...base, lastSyncError: { at: 5_500, message: '502 M_UNKNOWN' } });
    assert.equal(failed.status, 'degraded');
    assert.equal(failed.reason, 'last sync failed: 502 M_UNKNOWN');
    assert.equal(syncHealth({ ...base, lastSyncError: { at: 4_000, message: 'old' } }).status, 'ok');
    const stale = syncHealth({ ...base, now: 5_000 + STALE_SYNC_MS + 1_000 });
    assert.equal(stale.reason, `no successful sync for ${Math.round((STALE_SYNC_MS + 1_000) / 1000)} s`);
    const never = syncHealth({ ...base, lastSyncAt: 0, now: 1_000 + STALE_SYNC_MS + 1 });
    assert.equal(never.status, 'degraded');
  });

  it('reads the wait a 429 asks for: retry_after_ms, else Retry-After seconds, else a default', () => {
    assert.equal(rateLimitWait({ statusCode: 429, errcode: 'M_LIMIT_EXCEEDED', retryAfterMs: 25 }), 25);
    assert.equal(rateLimitWait({ statusCode: 429, body: { retry_after_ms: 40 } }), 40);
    assert.equal(rateLimitWait({ statusCode: 429, headers: { 'retry-after': '2' } }), 2000);
    assert.equal(rateLimitWait({ statusCode: 429 }, 700), 700);
    assert.equal(rateLimitWait({ statusCode: 500, errcode: 'M_UNKNOWN' }), undefined);
    assert.equal(rateLimitWait(undefined), undefined);
  });
});
