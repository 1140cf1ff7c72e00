// API tokens: generated once, shown once, stored only as a SHA-256 hash.
import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { fromDbTime } from '../memory/sql-values.ts';
import { ApiToken } from './api-token.entity.ts';
import type { UserPrincipal } from './principal.ts';

// the token and the live person holding it in one statement: every authenticated request runs it, and nothing of
// it is cached, so a token revoked or a person removed or demoted (by the server or the CLI, another process) is
// refused or judged anew on the very next request
const HOLDER_SQL =
  'SELECT t.id AS token_id, t.last_used_at, u.id AS user_id, u.role, u.display_name FROM api_tokens t ' +
  'JOIN users u ON u.id = t.user_id WHERE t.token_hash = ? AND u.removed_at IS NULL';

interface HolderRow {
  token_id: number;
  last_used_at: unknown;
  user_id: string;
  role: UserPrincipal['role'];
  display_name: string;
}

/** The hash stored for a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Issues and verifies per-user API tokens. */
export class TokenStore {
  constructor(private readonly db: DataSource) {}

  /** Creates a token for a user and returns it; it cannot be read back later. */
  async create(userId: string, label = ''): Promise<string> {
    const token = `qra_${randomBytes(32).toString('base64url')}`;
    await this.db
      .getRepository(ApiToken)
      .insert({ userId, tokenHash: hashToken(token), label, createdAt: new Date(), lastUsedAt: null });
    return token;
  }

  /** A person's tokens (never the token itself), newest first. */
  list(userId: string): Promise<ApiToken[]> {
    return this.db
      .getRepository(ApiToken)
      .find({ where: { userId }, order: { createdAt: 'DESC', id: 'DESC' } });
  }

  /** Creates a token and returns its id as well (the HTTP API lists and revokes by id). */
  async issue(userId: string, label = ''): Promise<{ id: number; token: string }> {
    const token = await this.create(userId, label);
    const row = await this.db.getRepository(ApiToken).findOneByOrFail({ tokenHash: hashToken(token) });
    return { id: row.id, token };
  }

  /** One token's row, if it exists. */
  get(id: number): Promise<ApiToken | null> {
    return this.db.getRepository(ApiToken).findOneBy({ id });
  }

  /** Deletes a token; it answers 401 from the next request on. False when there was none. */
  async revoke(id: number): Promise<boolean> {
    return Boolean((await this.db.getRepository(ApiToken).delete({ id })).affected);
  }

  /** Deletes every token of a person; returns how many. */
  async revokeAll(userId: string): Promise<number> {
    return (await this.db.getRepository(ApiToken).delete({ userId })).affected ?? 0;
  }

  /** The person a token acts for (null when the token is unknown or its holder was removed). */
  async holder(token: string): Promise<UserPrincipal | null> {
    const rows: HolderRow[] = await this.db.query(HOLDER_SQL, [hashToken(token)]);
    const row = rows[0];
    if (!row) return null;
    // last-use bookkeeping is best-effort and coarse, to keep auth off the write path
    const lastUsed = fromDbTime(row.last_used_at);
    if (!lastUsed || Date.now() - lastUsed.getTime() > 60_000) {
      await this.db.getRepository(ApiToken).update({ id: row.token_id }, { lastUsedAt: new Date() });
    }
    return { kind: 'user', userId: row.user_id, role: row.role, displayName: row.display_name };
  }
}
