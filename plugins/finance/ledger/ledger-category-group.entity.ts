// A category group in the embedded ledger ("Bills", "Everyday", "Income").
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('finance_category_groups')
@Index('uq_finance_category_groups_budget_name', ['budget', 'name'], { unique: true })
export class LedgerCategoryGroup {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  budget!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'boolean', name: 'is_income', default: false })
  isIncome!: boolean;
}
