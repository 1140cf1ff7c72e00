// A signed-in browser: the cookie's SHA-256 hash, its CSRF token, and when it was last used (for idle expiry).
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('auth_browser_sessions')
export class BrowserSession {
  @PrimaryColumn({ type: 'varchar', length: 64, name: 'token_hash' })
  tokenHash!: string;

  @Index()
  @Column({ type: 'varchar', length: 64, name: 'user_id' })
  userId!: string;

  @Column({ type: 'varchar', length: 64, name: 'csrf_token' })
  csrfToken!: string;

  @Column({ type: 'datetime', name: 'created_at' })
  createdAt!: Date;

  @Column({ type: 'datetime', name: 'last_seen_at' })
  lastSeenAt!: Date;
}
