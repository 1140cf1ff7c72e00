// Alerts from the agent reach every owner through the Matrix outbox, each alert id once (the agent redelivers
// until acknowledged, so a reconnect must not notify twice).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger, NotifyCapability, PeopleCapability } from 'quorra/plugin';
import type { Alert } from './ipc/protocol.ts';

const REMEMBER = 500;

/** The owner-facing words for an alert; only the agent's own playbook texts go in, never a guest's or the model's. */
export function alertText(a: Alert): string {
  if (a.kind === 'recovery') return `Quorra health — recovered (${a.check}): ${a.summary}`;
  const head = a.severity === 'critical' ? 'needs attention now' : 'warning';
  return `Quorra health — ${head} (${a.check}): ${a.summary}${a.remedy ? ` What to do: ${a.remedy}` : ''}`;
}

/** Delivers an alert to the owners unless its id was delivered before (ids kept in the plugin's data dir). */
export function alertDelivery(
  people: PeopleCapability,
  notify: NotifyCapability,
  dataDir: string,
  logger: Logger,
) {
  const file = path.join(dataDir, 'delivered-alerts.json');
  let delivered: string[] | undefined;
  const load = () => {
    if (delivered) return delivered;
    try {
      delivered = JSON.parse(readFileSync(file, 'utf8')) as string[];
    } catch {
      delivered = [];
    }
    return delivered;
  };
  // the agent may push the same alert again before our ack arrives: claim the id before the first await
  const inFlight = new Set<string>();
  return async (alert: Alert): Promise<void> => {
    const seen = load();
    if (seen.includes(alert.id) || inFlight.has(alert.id)) return;
    inFlight.add(alert.id);
    try {
      const owners = await people.owners();
      if (!owners.length) logger.warn({ check: alert.check }, 'no owner to tell; the alert is only logged');
      for (const o of owners)
        await notify(o.id, alertText(alert), { urgency: alert.severity === 'critical' ? 'high' : 'normal' });
      seen.push(alert.id);
      if (seen.length > REMEMBER) seen.splice(0, seen.length - REMEMBER);
      writeFileSync(file, JSON.stringify(seen));
    } finally {
      inFlight.delete(alert.id);
    }
  };
}
