// What Quorra holds to sign in to one OAuth-protected MCP server: its registration and tokens, sealed at rest.
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity('mcp_oauth_grants')
@Index('ix_mcp_oauth_grants_state', ['pendingState'])
export class OAuthGrant {
  @PrimaryColumn({ name: 'server_id', type: 'varchar', length: 16 })
  serverId!: string;

  /** The server address the grant was made for: a changed address starts over. */
  @Column({ name: 'server_url', type: 'text' })
  serverUrl!: string;

  /** Where the server sends the owner back (registered with the server, so kept with the registration). */
  @Column({ name: 'redirect_url', type: 'text', nullable: true })
  redirectUrl!: string | null;

  /** The client registration, tokens and PKCE verifier as one sealed JSON (see secret-box.ts); never in clear. */
  @Column({ name: 'sealed', type: 'text', nullable: true })
  sealed!: string | null;

  /** What discovery found (public metadata), so a refresh need not discover again. */
  @Column({ name: 'discovery', type: 'text', nullable: true })
  discovery!: string | null;

  /** The `state` of a sign-in under way: the callback is matched by it, and it works once. */
  @Column({ name: 'pending_state', type: 'varchar', length: 64, nullable: true })
  pendingState!: string | null;

  @Column({ name: 'updated_at', type: 'datetime' })
  updatedAt!: Date;
}
