// A one-time way into the admin UI: a 6-digit code DMed over Matrix and/or a link; only hashes are stored.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('auth_sign_in_grants')
export class SignInGrant {
  @PrimaryColumn({ type: 'varchar', length: 36 })
  id!: string;

  @Index()
  @Column({ type: 'varchar', length: 64, name: 'user_id' })
  userId!: string;

  /** SHA-256 of id + code; null for a link-only grant (quorra admin-link). */
  @Column({ type: 'varchar', length: 64, name: 'code_hash', nullable: true })
  codeHash!: string | null;

  @Index({ unique: true })
  @Column({ type: 'varchar', length: 64, name: 'link_hash' })
  linkHash!: string;

  /** Wrong or right, every code entered counts; the grant is dead after the limit. */
  @Column({ type: 'integer', default: 0 })
  attempts!: number;

  @Column({ type: 'datetime', name: 'expires_at' })
  expiresAt!: Date;

  @Column({ type: 'datetime', name: 'used_at', nullable: true })
  usedAt!: Date | null;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;
}
