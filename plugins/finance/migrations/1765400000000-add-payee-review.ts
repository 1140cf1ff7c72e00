// Adds finance_transactions.payee_review: an imported row whose payee the import filled in (fee, interest) is marked.

import { addEntityColumns } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LedgerTransaction } from '../ledger/ledger-transaction.entity.ts';

/** Additive: one boolean column, false for every existing row (their payees came from the statement or a person). */
export class AddPayeeReview1765400000000 implements MigrationInterface {
  name = 'AddPayeeReview1765400000000';

  up = (q: QueryRunner) => addEntityColumns(q, LedgerTransaction, ['payeeReview']);
  down = (q: QueryRunner) => q.dropColumn('finance_transactions', 'payee_review');
}
