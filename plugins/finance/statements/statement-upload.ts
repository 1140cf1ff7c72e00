// A statement uploaded to a finance room in Matrix (CSV, OFX, QFX) is imported into that room's budget.
import type { FileHandler } from 'quorra/plugin';
import type { FinanceService } from '../finance-service.ts';
import { accountInFilename, type StatementImporter } from './statement-importer.ts';

const statementName = /\.(csv|ofx|qfx)$/i;

export function statementUpload(service: FinanceService, importer: StatementImporter): FileHandler {
  return {
    name: 'finance-statement',
    accepts: (file) => file.scope.includes('finance') && statementName.test(file.filename),
    async handle(data, file, ctx) {
      let budgetId: string;
      try {
        budgetId = await service.access.forTurn(
          { kind: 'user', userId: ctx.userId, role: ctx.role, displayName: ctx.userId },
          file.workspace,
        );
      } catch {
        return 'There is no budget you can import into here.';
      }
      try {
        const accounts = (await (await service.budgets.backend(budgetId)).accounts()).map((a) => a.name);
        const account = accountInFilename(file.filename, accounts);
        const r = await importer.import(ctx.userId, budgetId, account, data.toString('utf8'));
        const lines = [
          `Imported ${r.added} new transaction(s) into ${r.account}${r.duplicates ? ` (${r.duplicates} already there)` : ''}.`,
        ];
        if (r.unreadable.length)
          lines.push(
            `${r.unreadable.length} line(s) could not be read: ${r.unreadable
              .slice(0, 5)
              .map((e) => `line ${e.line} (${e.reason})`)
              .join(', ')}.`,
          );
        if (r.added) lines.push('Say `!quorra mode reconcile` to go through them.');
        return lines.join(' ');
      } catch (err) {
        return `Nothing was imported: ${(err as Error).message}`;
      }
    },
  };
}
