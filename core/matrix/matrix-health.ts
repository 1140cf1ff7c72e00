// The /health `matrix` verdict from the runtime's state: connected, syncing recently, last sync error.
import type { CheckResult } from '../health/health.ts';

/** How long without a successful sync before the runtime reports degraded (the long-poll is 30 s). */
export const STALE_SYNC_MS = 120_000;

/** What the verdict is computed from. */
export interface SyncState {
  connected: boolean;
  lastStartError?: string;
  startedAt: number;
  lastSyncAt: number;
  lastSyncError?: { at: number; message: string };
  now: number;
  /** Details shown as they are (user id, E2EE note, outbox counts, …). */
  extra: Record<string, unknown>;
}

/** ok, or degraded with every reason: not connected, the last sync failed, or no sync succeeded for too long. */
export function syncHealth(s: SyncState): CheckResult {
  if (!s.connected)
    return {
      status: 'degraded',
      reason: s.lastStartError ? `not connected: ${s.lastStartError}` : 'starting',
      ...s.extra,
    };
  const reasons: string[] = [];
  if (s.lastSyncError && s.lastSyncError.at >= s.lastSyncAt)
    reasons.push(`last sync failed: ${s.lastSyncError.message}`);
  const since = s.now - (s.lastSyncAt || s.startedAt);
  if (since > STALE_SYNC_MS) reasons.push(`no successful sync for ${Math.round(since / 1000)} s`);
  return {
    status: reasons.length ? 'degraded' : 'ok',
    ...(reasons.length ? { reason: reasons.join('; ') } : {}),
    ...s.extra,
    lastSyncAt: s.lastSyncAt ? new Date(s.lastSyncAt).toISOString() : null,
    secondsSinceLastSync: s.lastSyncAt ? Math.round((s.now - s.lastSyncAt) / 1000) : null,
  };
}
