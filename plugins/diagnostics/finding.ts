// What a playbook reports: a severity, plain-words summary and remedy, and the figures behind them.

export type Severity = 'ok' | 'warning' | 'critical' | 'skipped';

export interface Finding {
  check: string;
  severity: Severity;
  /** One sentence an owner understands. */
  summary: string;
  /** What to do about it, in plain words (empty when ok). */
  remedy?: string;
  /** A tier-2 action Quorra can take when the owner confirms (e.g. `prune_backups`). */
  action?: string;
  details?: Record<string, unknown>;
  at: string;
}

/** The agent's latest view: one finding per check and when the round ran. */
export interface HealthSummary {
  status: 'ok' | 'warning' | 'critical';
  at: string;
  findings: Finding[];
}

const rank: Record<Severity, number> = { skipped: 0, ok: 0, warning: 1, critical: 2 };

/** The worst severity among findings, for the summary's headline. */
export function worst(findings: Finding[]): HealthSummary['status'] {
  const top = Math.max(0, ...findings.map((f) => rank[f.severity]));
  return top === 2 ? 'critical' : top === 1 ? 'warning' : 'ok';
}

export function finding(
  check: string,
  severity: Severity,
  summary: string,
  extra: Partial<Finding> = {},
): Finding {
  return { check, severity, summary, ...extra, at: new Date().toISOString() };
}
