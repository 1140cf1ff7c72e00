// A read-only calendar the household follows (the school's terms, the bin collection): where from and how it last went.
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('calendar_subscription')
export class Subscription {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  /** What its events are called by ("Bins", "School"). */
  @Column({ type: 'varchar', length: 60 })
  name!: string;

  /** The feed's https:// (or http://) address; null for an uploaded file. */
  @Column({ type: 'varchar', length: 2000, nullable: true })
  url!: string | null;

  @Column({ type: 'varchar', length: 300, nullable: true })
  etag!: string | null;

  @Column({ type: 'varchar', length: 100, name: 'last_modified', nullable: true })
  lastModified!: string | null;

  /** When the copy Quorra answers from was fetched or uploaded. */
  @Column({ type: 'datetime', name: 'last_good_at' })
  lastGoodAt!: Date;

  @Column({ type: 'datetime', name: 'last_checked_at' })
  lastCheckedAt!: Date;

  /** Why the last refresh failed, in Quorra's words; null when it worked. */
  @Column({ type: 'varchar', length: 300, name: 'last_error', nullable: true })
  lastError!: string | null;

  @Column({ type: 'integer', name: 'event_count' })
  eventCount!: number;

  @Column({ type: 'varchar', length: 64, name: 'created_by' })
  createdBy!: string;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
