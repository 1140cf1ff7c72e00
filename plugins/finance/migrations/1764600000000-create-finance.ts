// Creates the embedded ledger (accounts, category groups, categories, payees, transactions, splits, monthly
// budgets) and saved CSV mappings from their entities.

import { createEntityTables, dropEntityTables } from 'quorra/plugin';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { LedgerAccount } from '../ledger/ledger-account.entity.ts';
import { LedgerBudgetAmount } from '../ledger/ledger-budget-amount.entity.ts';
import { LedgerCategory } from '../ledger/ledger-category.entity.ts';
import { LedgerCategoryGroup } from '../ledger/ledger-category-group.entity.ts';
import { LedgerPayee } from '../ledger/ledger-payee.entity.ts';
import { LedgerSplit } from '../ledger/ledger-split.entity.ts';
import { LedgerTransaction } from '../ledger/ledger-transaction.entity.ts';
import { ColumnMappingRow } from '../statements/column-mapping.entity.ts';

/** Finance's tables, which are also the plugin's entities. */
export const financeTables = [
  LedgerAccount,
  LedgerCategoryGroup,
  LedgerCategory,
  LedgerPayee,
  LedgerTransaction,
  LedgerSplit,
  LedgerBudgetAmount,
  ColumnMappingRow,
];

export class CreateFinance1764600000000 implements MigrationInterface {
  name = 'CreateFinance1764600000000';

  up = (q: QueryRunner) => createEntityTables(q, financeTables);
  down = (q: QueryRunner) => dropEntityTables(q, financeTables);
}
