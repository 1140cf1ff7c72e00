// One part of a split transaction in the embedded ledger: its own category and share of the amount.
import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

@Entity('finance_splits')
@Index('ix_finance_splits_transaction', ['transactionId'])
export class LedgerSplit {
  @PrimaryGeneratedColumn({ type: 'integer' })
  id!: number;

  @Column({ type: 'varchar', length: 36, name: 'transaction_id' })
  transactionId!: string;

  @Column({ type: 'varchar', length: 36, name: 'category_id', nullable: true })
  categoryId!: string | null;

  @Column({ type: 'integer' })
  amount!: number;

  @Column({ type: 'text', nullable: true })
  memo!: string | null;
}
