// HTTP: POST /plugins/finance/import (a statement into an account) and GET /plugins/finance/summary (the admin view).

import type { HttpCapability } from 'quorra/plugin';
import { z } from 'zod';
import type { FinanceService } from './finance-service.ts';
import { financeSummary } from './finance-summary.ts';
import type { StatementImporter } from './statements/statement-importer.ts';

const budgetId = z.string().regex(/^[a-z][a-z0-9-]{0,63}$/);

const importBody = z
  .object({
    budget: budgetId.optional(),
    /** The account's id or name. */
    account: z.string().trim().min(1).max(120),
    /** The statement's text (CSV, OFX or QFX). */
    content: z.string().min(1).max(5_000_000),
    mapping: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export function addFinanceRoutes(http: HttpCapability, service: FinanceService, importer: StatementImporter) {
  http.route({
    method: 'POST',
    path: '/import',
    auth: 'member',
    summary:
      'Import a bank statement (CSV with a column mapping, OFX, QFX) into an account, skipping rows seen before',
    body: importBody,
    async handler({ principal, body }) {
      const budget = await service.access.check(principal, body.budget);
      return importer.import(principal.userId, budget, body.account, body.content, body.mapping);
    },
  });
  http.route({
    method: 'GET',
    path: '/summary',
    auth: 'member',
    summary:
      "A budget's month to date by category against budget, recent transactions and the unreviewed count",
    query: z.object({ budget: budgetId.optional() }).strict(),
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
