// Finance: the household's money in chat — an embedded ledger or Actual Budget, budgets, statement import, three modes.
import path from 'node:path';
import { definePlugin } from 'quorra/plugin';
import { BudgetAccess } from './budget-access.ts';
import { BudgetRegistry } from './budget-registry.ts';
import { financeModes } from './finance-modes.ts';
import { addFinanceRoutes } from './finance-routes.ts';
import { FinanceService } from './finance-service.ts';
import { financeSettings } from './finance-settings.ts';
import { CreateFinance1764600000000, financeTables } from './migrations/1764600000000-create-finance.ts';
import { AddPayeeReview1765400000000 } from './migrations/1765400000000-add-payee-review.ts';
import { SeenTransactions } from './seen-transactions.ts';
import { spentCommand } from './spent-command.ts';
import { ColumnMappings } from './statements/column-mappings.ts';
import { StatementImporter } from './statements/statement-importer.ts';
import { statementUpload } from './statements/statement-upload.ts';
import { financeCategorize } from './tools/categorize.ts';
import { financeDeleteTransaction } from './tools/delete-transaction.ts';
import { financeLogTransaction } from './tools/log-transaction.ts';
import { financeQuery } from './tools/query.ts';
import { financeSetBudget } from './tools/set-budget.ts';

export type { FinanceService } from './finance-service.ts';

export default definePlugin({
  id: 'finance',
  description:
    "The household's budget: log spending, budgets, statement import; embedded ledger or Actual Budget.",
  settings: financeSettings,
  entities: financeTables,
  migrations: [CreateFinance1764600000000, AddPayeeReview1765400000000],
  activate(ctx) {
    const { settings } = ctx;
    const budgets = new BudgetRegistry(ctx.db, settings, ctx.dataDir);
    ctx.onDispose(() => budgets.close());
    const timeZone = async () => settings.timezone ?? (await ctx.people.owners())[0]?.timezone ?? 'UTC';
    const service = new FinanceService(
      budgets,
      new BudgetAccess(budgets, ctx.workspaces),
      ctx.notes,
      new SeenTransactions(),
      timeZone,
    );
    const importer = new StatementImporter(budgets, service, new ColumnMappings(ctx.db), ctx.audit);

    for (const tool of [
      financeQuery,
      financeLogTransaction,
      financeSetBudget,
      financeCategorize,
      financeDeleteTransaction,
    ])
      ctx.tools.add(tool(service));
    for (const mode of financeModes(service, ctx.people)) ctx.modes.add(mode);
    ctx.commands.add(spentCommand(service, ctx.audit));
    ctx.files.add(statementUpload(service, importer));
    addFinanceRoutes(ctx.http, service, importer);
    ctx.healthCheck(() => ({
      status: 'ok',
      budgets: settings.budgets.map((b) => `${b.id} (${b.backend}, ${b.currency})`).join(', '),
      actualDataDir: settings.actualDataDir ?? path.join(ctx.dataDir, 'actual'),
    }));
    return { service, importer };
  },
});
