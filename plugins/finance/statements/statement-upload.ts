// A statement uploaded to a finance room in Matrix (CSV, OFX, QFX) is imported into that room's budget.
import { type FileHandler, QuorraError } from 'quorra/plugin';
import type { FinanceService } from '../finance-service.ts';
import { encodingNameSchema } from './statement-encoding.ts';
import { accountInFilename, type StatementImporter, type StatementUpload } from './statement-importer.ts';

const statementName = /\.(csv|ofx|qfx|txt)$/i;

/** What a caption may say: `layout dkb` confirms a proposed layout, `encoding latin1` names the encoding. */
export function captionOptions(caption: string | undefined): Pick<StatementUpload, 'layout' | 'encoding'> {
  const layout = /\blayout\s+([a-z0-9-]{1,40})\b/i.exec(caption ?? '')?.[1]?.toLowerCase();
  const encodingText = /\bencoding\s+(\S{1,40})/i.exec(caption ?? '')?.[1];
  const encoding = encodingText === undefined ? undefined : encodingNameSchema.safeParse(encodingText);
  if (encoding && !encoding.success)
    throw new QuorraError('FINANCE_BAD_ENCODING', `"${encodingText}" ${encoding.error.issues[0].message}`);
  return { ...(layout ? { layout } : {}), ...(encoding?.success ? { encoding: encoding.data } : {}) };
}

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
        const r = await importer.import(ctx.userId, budgetId, account, {
          bytes: data,
          ...captionOptions(file.caption),
        });
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
        const e = err as QuorraError;
        const proposal =
          e.code === 'FINANCE_MAPPING_PROPOSED' ? (e.details as { layout: string; name: string }) : null;
        if (proposal)
          return `This looks like a ${proposal.name} export. Send the file again with the caption \`layout ${proposal.layout}\` to import it that way.`;
        return `Nothing was imported: ${e.message}`;
      }
    },
  };
}
