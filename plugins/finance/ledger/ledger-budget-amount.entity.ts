// What the household budgeted for one category in one month of the embedded ledger.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('finance_budget_amounts')
export class LedgerBudgetAmount {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  budget!: string;

  @PrimaryColumn({ type: 'varchar', length: 7 })
  month!: string;

  @PrimaryColumn({ type: 'varchar', length: 36, name: 'category_id' })
  categoryId!: string;

  @Column({ type: 'integer' })
  amount!: number;
}
