// A bank's CSV layout saved per account, so the next statement from that bank imports without asking again.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('finance_column_mappings')
export class ColumnMappingRow {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  budget!: string;

  @PrimaryColumn({ type: 'varchar', length: 64, name: 'account_id' })
  accountId!: string;

  @Column({ type: 'simple-json', name: 'mapping_json' })
  mapping!: Record<string, unknown>;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
