// What a member learns about health: the headline and which checks need the owner, never paths, figures or remedies.
import type { HealthView } from './health-report.ts';

/** The member's view: built from names the code owns (check names, statuses), no text from the agent or the OS. */
export interface MemberHealth {
  status: 'ok' | 'warning' | 'critical' | 'unknown';
  /** Names of the checks that need the owner's attention (e.g. `disk`, `backup`). */
  needsOwner: string[];
  note: string;
}

const note = 'The household’s owner can see the details and what to do.';

export function memberHealth(v: HealthView): MemberHealth {
  const d = v.diagnostics;
  const dbBad = v.database !== 'ok';
  if ('unavailable' in d)
    return { status: dbBad ? 'critical' : 'unknown', needsOwner: dbBad ? ['database'] : [], note };
  const needsOwner = d.findings
    .filter((f) => f.severity === 'warning' || f.severity === 'critical')
    .map((f) => f.check.replace(/[^a-z0-9_-]/gi, ''));
  if (dbBad && !needsOwner.includes('database')) needsOwner.push('database');
  return { status: dbBad ? 'critical' : d.status, needsOwner, note };
}

/** The `!quorra health` answer for a member. */
export function memberHealthText(v: HealthView): string {
  const m = memberHealth(v);
  const head = m.status === 'unknown' ? 'Health: not checked yet.' : `Health: ${m.status}.`;
  const which = m.needsOwner.length ? ` Needs the owner’s attention: ${m.needsOwner.join(', ')}.` : '';
  return `${head}${which} ${m.note}`;
}
