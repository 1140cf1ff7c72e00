// Entry context of finance/reconcile: the uncategorised and unreviewed transactions, oldest first, one per line.
import type { FinanceBackend } from '../finance-backend.ts';
import { localDateMinusDays } from '../local-date.ts';
import { formatMoney } from '../money.ts';
import type { SeenTransactions } from '../seen-transactions.ts';
import { isUncategorised } from '../transaction-rules.ts';

const LIMIT = 25;

/** `seen` remembers the listed rows, so deleting one names it from stored data. */
export async function reconcileContext(
  backend: FinanceBackend,
  today: string,
  seen?: SeenTransactions,
): Promise<string> {
  const from = localDateMinusDays(today, 120);
  const open = (await backend.transactions({ from, to: today, unreviewed: true })).reverse();
  const uncategorised = await backend.transactions({ from, to: today, uncategorised: true });
  const ids = new Set(open.map((t) => t.id));
  const queue = [...open, ...uncategorised.filter((t) => !ids.has(t.id)).reverse()];
  seen?.remember(queue.slice(0, LIMIT));
  const cats = new Map((await backend.categories()).map((c) => [c.id, c.name]));
  const lines = [`## To reconcile: ${queue.length} transaction(s) since ${from} (oldest first)`];
  for (const t of queue.slice(0, LIMIT)) {
    const cat = isUncategorised(t)
      ? 'uncategorised'
      : t.splits.length
        ? 'split'
        : (cats.get(t.categoryId ?? '') ?? '?');
    lines.push(
      `- [${t.id}] ${t.date} ${formatMoney(t.amount, t.currency)} ${t.payee} — ${cat}${t.reviewed ? '' : ', unreviewed'}${t.payeeToReview ? ', payee filled in by the import (the statement named none)' : ''}`,
    );
  }
  if (queue.length > LIMIT) lines.push(`(${queue.length - LIMIT} more after these)`);
  if (!queue.length) lines.push('Nothing to reconcile: every transaction is categorised and reviewed.');
  lines.push(`Categories: ${[...cats.values()].join(', ') || '(none yet)'}`);
  return lines.join('\n');
}
