// API tokens: generated once, shown once, stored only as a SHA-256 hash.
import { createHash, randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ApiToken } from './api-token.entity.ts';

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

  /** The user id a token belongs to, or null. */
  async verify(token: string): Promise<string | null> {
    const row = await this.db.getRepository(ApiToken).findOneBy({ tokenHash: hashToken(token) });
    if (!row) return null;
    // last-use bookkeeping is best-effort and coarse, to keep auth off the write path
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
      await this.db.getRepository(ApiToken).update({ id: row.id }, { lastUsedAt: new Date() });
    }
    return row.userId;
  }
}
