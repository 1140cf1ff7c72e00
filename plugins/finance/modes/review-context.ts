// Entry context of finance/review: spending trend by category, and the anomalies review mode should raise.
import type { FinanceBackend } from '../finance-backend.ts';
import { addMonths, monthOf, monthRange } from '../local-date.ts';
import { formatMoney } from '../money.ts';
import type { SeenTransactions } from '../seen-transactions.ts';
import { spendingBy } from '../spending.ts';
import { newRecurringPayees, possibleDuplicates, risingCategories } from './review-findings.ts';

/** `seen` remembers the possible duplicates, so deleting one names it from stored data. */
export async function reviewContext(
  backend: FinanceBackend,
  today: string,
  seen?: SeenTransactions,
): Promise<string> {
  const lastMonth = addMonths(monthOf(today), -1);
  const from = monthRange(addMonths(lastMonth, -3)).from;
  const txs = await backend.transactions({ from, to: today });
  const categories = await backend.categories();
  const lines = [`## Spending review (last full month ${lastMonth}, compared with the three before it)`];
  for (const m of [3, 2, 1, 0].map((n) => addMonths(lastMonth, -n))) {
    const spent = spendingBy(
      'category',
      txs.filter((t) => monthOf(t.date) === m),
      categories,
    );
    const top = spent.slice(0, 6).map((l) => `${l.label} ${formatMoney(l.spent, l.currency)}`);
    lines.push(`- ${m}: ${top.join(', ') || 'no spending'}`);
  }
  const rises = risingCategories(lastMonth, txs, categories);
  lines.push('### Categories up more than 30% on their 3-month average');
  for (const r of rises)
    lines.push(
      `- ${r.category}: ${formatMoney(r.spent, r.currency)} vs ${formatMoney(r.average, r.currency)} average (+${r.risePercent}%)`,
    );
  if (!rises.length) lines.push('- none');
  const recurring = newRecurringPayees(today, txs);
  lines.push('### New recurring payees (first seen in the last 90 days)');
  for (const p of recurring)
    lines.push(`- ${p.payee}: about ${formatMoney(p.typical, p.currency)} in ${p.months.join(', ')}`);
  if (!recurring.length) lines.push('- none');
  const dups = possibleDuplicates(txs);
  seen?.remember(dups.flat());
  lines.push('### Possible duplicates (same account, amount and payee within 3 days)');
  for (const [a, b] of dups)
    lines.push(
      `- ${a.payee} ${formatMoney(a.amount, a.currency)} on ${a.date} [${a.id}] and ${b.date} [${b.id}]`,
    );
  if (!dups.length) lines.push('- none');
  return lines.join('\n');
}
