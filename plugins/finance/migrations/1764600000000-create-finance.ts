// Creates the embedded ledger (accounts, category groups, categories, payees, transactions, splits, monthly budgets) and saved CSV mappings.
import { type MigrationInterface, type QueryRunner, Table, type TableColumnOptions } from 'typeorm';

const id = (name = 'id'): TableColumnOptions => ({ name, type: 'varchar', length: '36', isPrimary: true });
const str = (name: string, length: number, isNullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable,
});
const flag = (name: string): TableColumnOptions => ({ name, type: 'boolean', default: 0 });
const unique = (name: string, columnNames: string[]) => ({ name, columnNames, isUnique: true });

export class CreateFinance1764600000000 implements MigrationInterface {
  name = 'CreateFinance1764600000000';

  async up(q: QueryRunner): Promise<void> {
    const tables = [
      new Table({
        name: 'finance_accounts',
        columns: [id(), str('budget', 64), str('name', 120), str('currency', 3), flag('off_budget')],
        indices: [unique('uq_finance_accounts_budget_name', ['budget', 'name'])],
      }),
      new Table({
        name: 'finance_category_groups',
        columns: [id(), str('budget', 64), str('name', 120), flag('is_income')],
        indices: [unique('uq_finance_category_groups_budget_name', ['budget', 'name'])],
      }),
      new Table({
        name: 'finance_categories',
        columns: [id(), str('budget', 64), str('group_id', 36), str('name', 120), flag('is_income')],
        indices: [unique('uq_finance_categories_budget_name', ['budget', 'name'])],
      }),
      new Table({
        name: 'finance_payees',
        columns: [id(), str('budget', 64), str('name', 200), str('normalised', 200)],
        indices: [unique('uq_finance_payees_budget_normalised', ['budget', 'normalised'])],
      }),
      new Table({
        name: 'finance_transactions',
        columns: [
          id(),
          str('budget', 64),
          str('account_id', 36),
          str('date', 10),
          { name: 'amount', type: 'integer' },
          str('payee_id', 36),
          str('category_id', 36, true),
          { name: 'notes', type: 'text', isNullable: true },
          flag('reviewed'),
          str('import_key', 200, true),
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [
          { name: 'ix_finance_transactions_budget_date', columnNames: ['budget', 'date'] },
          unique('uq_finance_transactions_import', ['account_id', 'import_key']),
        ],
      }),
      new Table({
        name: 'finance_splits',
        columns: [
          {
            name: 'id',
            type: 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          str('transaction_id', 36),
          str('category_id', 36, true),
          { name: 'amount', type: 'integer' },
          { name: 'memo', type: 'text', isNullable: true },
        ],
        indices: [{ name: 'ix_finance_splits_transaction', columnNames: ['transaction_id'] }],
      }),
      new Table({
        name: 'finance_budget_amounts',
        columns: [
          { ...str('budget', 64), isPrimary: true },
          { ...str('month', 7), isPrimary: true },
          { ...str('category_id', 36), isPrimary: true },
          { name: 'amount', type: 'integer' },
        ],
      }),
      new Table({
        name: 'finance_column_mappings',
        columns: [
          { ...str('budget', 64), isPrimary: true },
          { ...str('account_id', 64), isPrimary: true },
          { name: 'mapping_json', type: 'text' },
          { name: 'updated_at', type: 'datetime' },
        ],
      }),
    ];
    for (const t of tables) await q.createTable(t, true);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of [
      'finance_column_mappings',
      'finance_budget_amounts',
      'finance_splits',
      'finance_transactions',
      'finance_payees',
      'finance_categories',
      'finance_category_groups',
      'finance_accounts',
    ])
      await q.dropTable(name, true);
  }
}
