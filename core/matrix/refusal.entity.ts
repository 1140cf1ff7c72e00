// A polite refusal sent to an unmapped sender: at most one per (room, sender, day).
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('matrix_refusals')
export class Refusal {
  @PrimaryColumn({ type: 'varchar', length: 255, name: 'room_id' })
  roomId!: string;

  @PrimaryColumn({ type: 'varchar', length: 255 })
  sender!: string;

  /** UTC day, YYYY-MM-DD. */
  @PrimaryColumn({ type: 'varchar', length: 10 })
  day!: string;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
