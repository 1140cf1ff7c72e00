// Entry context of finance/budget: the last three months by category against budget, and next month's proposal.
import type { FinanceBackend } from '../finance-backend.ts';
import { addMonths, monthOf } from '../local-date.ts';
import { exponentOf, formatMoney } from '../money.ts';

/** Rounds a proposal up to a whole ten of the currency's major unit, as people budget. */
function roundUp(minor: number, unit: number): number {
  return Math.ceil(minor / unit) * unit;
}

export async function budgetContext(backend: FinanceBackend, today: string): Promise<string> {
  const thisMonth = monthOf(today);
  const months = [-3, -2, -1].map((n) => addMonths(thisMonth, n));
  const data = await Promise.all(months.map((m) => backend.budgetMonth(m)));
  const current = await backend.budgetMonth(thisMonth);
  const cur = backend.currency;
  const money = (n: number) => formatMoney(n, cur);
  const unit = 10 * 10 ** exponentOf(cur);
  const lines = [
    `## Budget planning (${cur}; months ${months[0]} to ${months[2]}, then ${thisMonth} so far)`,
    'category: spent/budgeted per month | this month so far | proposal for next month',
  ];
  for (const line of current.lines) {
    const past = data.map((d) => d.lines.find((l) => l.categoryId === line.categoryId));
    const spent = past.map((l) => -(l?.activity ?? 0));
    const avg = spent.reduce((s, n) => s + n, 0) / 3;
    const cells = past.map((l, i) => `${money(spent[i])}/${money(l?.budgeted ?? 0)}`);
    lines.push(
      `- ${line.category}: ${cells.join(', ')} | ${money(-line.activity)} of ${money(line.budgeted)} | propose ${money(roundUp(Math.max(avg, 0), unit))}`,
    );
  }
  if (current.lines.length === 0) lines.push('(no categories yet)');
  lines.push(
    `Next month is ${addMonths(thisMonth, 1)}. Set amounts with finance_set_budget once the person agrees.`,
  );
  return lines.join('\n');
}
