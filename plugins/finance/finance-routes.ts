// HTTP: POST /plugins/finance/import (a statement into an account) and GET /plugins/finance/summary (the admin view).
import type Router from '@koa/router';
import type { Middleware } from 'koa';
import { z } from 'zod';
import { userOf } from '../../core/auth/authenticate.ts';
import { body, query } from '../../core/http/validate.ts';
import { asHttp } from './finance-http-errors.ts';
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

export function addFinanceRoutes(
  router: Router,
  auth: Middleware,
  service: FinanceService,
  importer: StatementImporter,
) {
  router.post('/import', auth, async (http) => {
    const user = userOf(http);
    const input = body(http, importBody);
    http.body = await asHttp(async () => {
      const budget = await service.access.check(user, input.budget);
      return importer.import(budget, input.account, input.content, input.mapping);
    });
  });
  router.get('/summary', auth, async (http) => {
    const user = userOf(http);
    const q = query(http, z.object({ budget: budgetId.optional() }).strict());
    http.body = await asHttp(async () => {
      const allowed = await service.access.allowed(user);
      const budget = await service.access.check(user, q.budget);
      const backend = await service.budgets.backend(budget);
      return {
        budget,
        budgets: service.budgets
          .list()
          .filter((b) => allowed.includes(b.id))
          .map((b) => ({ id: b.id, name: b.name })),
        ...(await financeSummary(backend, await service.today())),
      };
    });
  });
}
