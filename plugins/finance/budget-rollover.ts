// Envelope budgeting: each month a category has what was budgeted, plus what it spent, plus last month's leftover.
import type { BudgetLine, Category } from './finance-backend.ts';
import { monthsBetween } from './local-date.ts';

/**
 * Computes one month's lines from every month's budgeted amounts and activity. A positive balance rolls into the
 * next month; overspending does not (it is a one-month event, as in Actual Budget's default).
 */
export function rollOver(
  categories: Category[],
  month: string,
  budgeted: Map<string, number>,
  activity: Map<string, number>,
  firstMonth: string,
): BudgetLine[] {
  const key = (m: string, c: string) => `${m}|${c}`;
  return categories
    .filter((c) => !c.isIncome)
    .map((c) => {
      let carried = 0;
      let line: BudgetLine = {
        categoryId: c.id,
        category: c.name,
        group: c.group,
        budgeted: 0,
        activity: 0,
        available: 0,
        carriedIn: 0,
      };
      for (const m of monthsBetween(firstMonth < month ? firstMonth : month, month)) {
        const b = budgeted.get(key(m, c.id)) ?? 0;
        const a = activity.get(key(m, c.id)) ?? 0;
        line = { ...line, budgeted: b, activity: a, carriedIn: carried, available: b + a + carried };
        carried = Math.max(line.available, 0);
      }
      return line;
    });
}
