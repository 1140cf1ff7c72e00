// HTTP: POST /plugins/finance/import (a statement into an account) and GET /plugins/finance/summary (the admin view).

import type { HttpCapability } from 'quorra/plugin';
import { z } from 'zod';
import type { FinanceService } from './finance-service.ts';
import { financeSummary } from './finance-summary.ts';
import { financeSummaryReply } from './finance-summary-wire.ts';
import { encodingNameSchema } from './statements/statement-encoding.ts';
import type { StatementImporter } from './statements/statement-importer.ts';

const budgetId = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/);

const importBody = z
  .object({
    budget: budgetId.optional(),
    /** The account's id or name. */
    account: z.string().trim().min(1).max(120),
    /** The statement's text (CSV, OFX or QFX), when the client already read it as text. */
    content: z.string().min(1).max(5_000_000).optional(),
    /** The statement file's bytes as uploaded, base64: its encoding is detected (or `encoding` says it). */
    contentBase64: z.string().min(1).max(7_000_000).base64().optional(),
    encoding: encodingNameSchema.optional(),
    /** A known bank layout's id, confirming the one a first import proposed (FINANCE_MAPPING_PROPOSED). */
    layout: z
      .string()
      .regex(/^[a-z0-9-]{1,40}$/, 'is a layout id such as "dkb" or "monzo"')
      .optional(),
    mapping: z.record(z.string(), z.unknown()).optional(),
  })
  .strict()
  .refine((b) => !!b.content !== !!b.contentBase64, {
    message: 'send the statement as content (text) or contentBase64 (the file itself), one of the two',
  })
  .refine((b) => !(b.content && b.encoding), {
    message: 'encoding applies to contentBase64 (the file itself); content is text already',
    path: ['encoding'],
  });

export function addFinanceRoutes(http: HttpCapability, service: FinanceService, importer: StatementImporter) {
  http.route({
    method: 'POST',
    path: '/import',
    auth: 'member',
    summary:
      'Import a bank statement (CSV with a column mapping, OFX, QFX) into an account, skipping rows seen before',
    body: importBody,
    async handler({ principal, body }) {
      const bytes = body.contentBase64
        ? Buffer.from(body.contentBase64, 'base64')
        : Buffer.from(body.content ?? '', 'utf8');
      return importer.importAs(principal, body.budget, body.account, {
        bytes,
        encoding: body.encoding,
        mapping: body.mapping,
        layout: body.layout,
      });
    },
  });
  http.route({
    method: 'GET',
    path: '/summary',
    auth: 'member',
    summary:
      "A budget's month to date by category against budget, recent transactions and the unreviewed count",
    query: z.object({ budget: budgetId.optional() }).strict(),
    response: financeSummaryReply,
    async handler({ principal, query }) {
      const allowed = await service.access.allowed(principal);
      const budget = await service.access.check(principal, query.budget);
      const backend = await service.budgets.backend(budget);
      return {
        budget,
        budgets: service.budgets
          .list()
          .filter((b) => allowed.includes(b.id))
          .map((b) => ({ id: b.id, name: b.name })),
        ...(await financeSummary(backend, await service.today())),
      };
    },
  });
}
