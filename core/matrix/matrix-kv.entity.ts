// One key/value pair of the Matrix runtime's own storage: sync token, filter, stored login, DM rooms, notices sent.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('matrix_kv')
export class MatrixKv {
  @PrimaryColumn({ type: 'varchar', length: 512 })
  key!: string;

  @Column({ type: 'text' })
  value!: string;

  @Column({ type: 'datetime', name: 'updated_at' })
  updatedAt!: Date;
}
