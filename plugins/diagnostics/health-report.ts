// The latest health in plain words for `!quorra health`, and the object system_get_health returns.
import { statfsSync } from 'node:fs';
import type { DataSource } from 'typeorm';
import type { HealthSummary } from './finding.ts';
import type { AgentLink } from './ipc/agent-link.ts';

export interface HealthView {
  database: string;
  diskFreeBytes: number;
  diskFreePercent: number;
  uptimeSeconds: number;
  /** The agent's latest summary, or why there is none. */
  diagnostics: HealthSummary | { unavailable: string };
}

/** What Quorra can see itself, plus the agent's summary when it answers. */
export async function healthView(
  db: DataSource,
  dataDir: string,
  startedAt: Date,
  link: AgentLink,
): Promise<HealthView> {
  let database = 'ok';
  try {
    await db.query('SELECT 1');
  } catch (err) {
    database = `failing: ${(err as Error).message}`;
  }
  const fs = statfsSync(dataDir);
  let diagnostics: HealthView['diagnostics'];
  try {
    diagnostics = (await link.summary()) ?? {
      unavailable: 'the diagnostics agent has not finished its first round',
    };
  } catch (err) {
    diagnostics = { unavailable: `${(err as Error).message} (since ${link.since.toISOString()})` };
  }
  return {
    database,
    diskFreeBytes: fs.bavail * fs.bsize,
    diskFreePercent: Math.round((fs.bavail / fs.blocks) * 1000) / 10,
    uptimeSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
    diagnostics,
  };
}

/** The chat answer: the headline, every finding that is not ok with its remedy, and what is fine. */
export function healthText(v: HealthView): string {
  const d = v.diagnostics;
  if ('unavailable' in d)
    return `The diagnostics agent is not available: ${d.unavailable}. What Quorra sees itself: database ${v.database}, ${v.diskFreePercent}% of the disk free.`;
  const bad = d.findings.filter((f) => f.severity === 'warning' || f.severity === 'critical');
  const fine = d.findings.filter((f) => f.severity === 'ok').map((f) => f.check);
  const lines = [`Health: ${d.status} (checked ${d.at}).`];
  for (const f of bad)
    lines.push(`- ${f.check} (${f.severity}): ${f.summary}${f.remedy ? ` What to do: ${f.remedy}` : ''}`);
  if (fine.length) lines.push(`Fine: ${fine.join(', ')}.`);
  return lines.join('\n');
}
