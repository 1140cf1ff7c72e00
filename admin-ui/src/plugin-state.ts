// One plugin state for every page: "needs setup" wins over "active" when a running plugin lacks what it needs.
import type { PluginHealth } from './data/health.ts';

/** The state a badge shows for a plugin (Plugins page, Overview table, a plugin's own check). */
export function shownState(p: Pick<PluginHealth, 'state' | 'needsSetup'>): string {
  return p.state === 'active' && p.needsSetup ? 'needs setup' : p.state;
}

/** Where the fix is: the Plugins page with that plugin's settings open. */
export function setupHref(id: string): string {
  return `#/plugins/${encodeURIComponent(id)}`;
}

/** What saving a plugin's settings did, in words (never its raw state, "active"): running, waiting, off or failing. */
export function savedWords(p: Pick<PluginHealth, 'state' | 'needsSetup' | 'reason'>): string {
  if (p.state === 'failed') return `Saved, but it did not start: ${p.reason ?? 'see the Overview for why'}.`;
  if (p.state === 'disabled') return 'Saved. It is switched off; switch it on to use these settings.';
  if (p.needsSetup) return `Saved. One thing is still missing: ${p.needsSetup.what}`;
  return 'Saved. It restarted with the new settings and is running.';
}
