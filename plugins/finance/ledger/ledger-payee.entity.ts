// A payee in the embedded ledger; `normalised` is what matching and dedup compare.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('finance_payees')
@Index('uq_finance_payees_budget_normalised', ['budget', 'normalised'], { unique: true })
export class LedgerPayee {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Column({ type: 'varchar', length: 64 })
  budget!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'varchar', length: 200 })
  normalised!: string;
}
