// An account in the embedded ledger (checking, card, cash), with its own ISO currency.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('finance_accounts')
@Index('uq_finance_accounts_budget_name', ['budget', 'name'], { unique: true })
export class LedgerAccount {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  budget!: string;

  @Column({ type: 'varchar', length: 120 })
  name!: string;

  @Column({ type: 'varchar', length: 3 })
  currency!: string;

  @Column({ type: 'boolean', name: 'off_budget', default: false })
  offBudget!: boolean;
}
