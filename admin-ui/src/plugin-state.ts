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
