// A spending or income category in the embedded ledger; `group` names its category group.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('finance_categories')
@Index('uq_finance_categories_budget_name', ['budget', 'name'], { unique: true })
export class LedgerCategory {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  budget!: string;

  @Column({ type: 'varchar', length: 36, name: 'group_id' })
  groupId!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'boolean', name: 'is_income', default: false })
  isIncome!: boolean;
}
