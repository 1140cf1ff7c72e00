// Browser sessions for the admin UI: an opaque cookie (only its hash stored), a CSRF token, idle expiry.
import { randomBytes } from 'node:crypto';
import { type DataSource, LessThan } from 'typeorm';
import { BrowserSession } from './browser-session.entity.ts';
import { hashToken } from './token-store.ts';

/** Opens, resolves and ends browser sessions. */
export class BrowserSessions {
  constructor(
    private readonly db: DataSource,
    private readonly idleMs: number,
  ) {}

  private get repo() {
    return this.db.getRepository(BrowserSession);
  }

  /** Opens a session; the token goes into the cookie and is never readable again. */
  async open(userId: string, now = new Date()): Promise<{ token: string; csrfToken: string }> {
    const token = randomBytes(32).toString('base64url');
    const csrfToken = randomBytes(24).toString('base64url');
    await this.repo.insert({
      tokenHash: hashToken(token),
      userId,
      csrfToken,
      createdAt: now,
      lastSeenAt: now,
    });
    return { token, csrfToken };
  }

  /** The live session for a cookie (touching its idle clock), or null when unknown or idle too long. */
  async resolve(token: string, now = new Date()): Promise<BrowserSession | null> {
    const row = await this.repo.findOneBy({ tokenHash: hashToken(token) });
    if (!row) return null;
    if (now.getTime() - row.lastSeenAt.getTime() > this.idleMs) {
      await this.repo.delete({ tokenHash: row.tokenHash });
      return null;
    }
    // coarse bookkeeping keeps most reads off the write path
    if (now.getTime() - row.lastSeenAt.getTime() > 30_000) {
      await this.repo.update({ tokenHash: row.tokenHash }, { lastSeenAt: now });
    }
    return row;
  }

  /** Ends one session. */
  async close(token: string): Promise<void> {
    await this.repo.delete({ tokenHash: hashToken(token) });
  }

  /** Ends every session of a person ("sign out everywhere", or the person was removed); returns how many. */
  async closeAll(userId: string): Promise<number> {
    return (await this.repo.delete({ userId })).affected ?? 0;
  }

  /** Drops sessions idle past the limit. */
  async sweep(now = new Date()): Promise<void> {
    await this.repo.delete({ lastSeenAt: LessThan(new Date(now.getTime() - this.idleMs)) });
  }
}
