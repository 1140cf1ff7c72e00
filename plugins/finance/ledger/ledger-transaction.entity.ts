// A transaction in the embedded ledger: amount in the account's minor units on a local date; splits live apart.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('finance_transactions')
@Index('ix_finance_transactions_budget_date', ['budget', 'date'])
@Index('uq_finance_transactions_import', ['accountId', 'importKey'], { unique: true })
export class LedgerTransaction {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  budget!: string;

  @Column({ type: 'varchar', length: 36, name: 'account_id' })
  accountId!: string;

  @Column({ type: 'varchar', length: 10 })
  date!: string;

  @Column({ type: 'integer' })
  amount!: number;

  @Column({ type: 'varchar', length: 36, name: 'payee_id' })
  payeeId!: string;

  @Column({ type: 'varchar', length: 36, name: 'category_id', nullable: true })
  categoryId!: string | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  @Column({ type: 'boolean', default: false })
  reviewed!: boolean;

  /** Set when an import filled in the payee (no counterparty on the row); cleared once reviewed. */
  @Column({ type: 'boolean', name: 'payee_review', default: false })
  payeeReview!: boolean;

  @Column({ type: 'varchar', length: 200, name: 'import_key', nullable: true })
  importKey!: string | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
