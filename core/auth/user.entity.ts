// A household member: owner or member, with the identities other surfaces map to them (Matrix IDs, email).
import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('users')
export class User {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 200, name: 'display_name' })
  displayName!: string;

  @Column({ type: 'varchar', length: 16 })
  role!: 'owner' | 'member';

  @Column({ type: 'varchar', length: 32, default: 'en' })
  locale!: string;

  @Column({ type: 'varchar', length: 64, default: 'UTC' })
  timezone!: string;

  @Column({ type: 'simple-json', name: 'matrix_ids' })
  matrixIds!: string[];

  @Column({ type: 'varchar', length: 320, nullable: true })
  email!: string | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  /** A child's turns reach only their allow-list (see core/auth/child-reach.ts), whatever room they speak in. */
  @Column({ type: 'boolean', default: false })
  child!: boolean;

  /** The tools this child may use; null keeps the household's default list. */
  @Column({ type: 'simple-json', name: 'child_tools', nullable: true })
  childTools!: string[] | null;

  /** Set when the person was removed: they can no longer sign in, and their id is never given to anyone else. */
  @Column({ type: 'datetime', name: 'removed_at', nullable: true })
  removedAt!: Date | null;
}
