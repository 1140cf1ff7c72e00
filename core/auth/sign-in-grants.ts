// One-time sign-in grants: a 6-digit code plus a link (DMed over Matrix), or a link alone (quorra admin-link).
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { type DataSource, IsNull, MoreThan, Not } from 'typeorm';
import { SignInGrant } from './sign-in-grant.entity.ts';
import { hashToken } from './token-store.ts';

/** How long a DMed code (and its link) works. */
export const CODE_TTL_MS = 10 * 60_000;
/** How long a printed admin link works: long enough to copy it to another device. */
export const LINK_TTL_MS = 30 * 60_000;
/** Codes entered per grant, right or wrong, before it is dead. */
export const MAX_TRIES = 5;
/** Codes a person can be sent per hour: with MAX_TRIES this bounds guessing to 25 tries an hour. */
export const MAX_CODES_PER_HOUR = 5;

function codeHash(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/** Issues and redeems sign-in grants; each redeems at most once. */
export class SignInGrants {
  constructor(private readonly db: DataSource) {}

  private get repo() {
    return this.db.getRepository(SignInGrant);
  }

  /** Whether a person may be sent another code this hour. */
  async canIssue(userId: string, now = new Date()): Promise<boolean> {
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const recent = await this.repo.countBy({ userId, createdAt: MoreThan(hourAgo), codeHash: Not(IsNull()) });
    return recent < MAX_CODES_PER_HOUR;
  }

  /** A new code and link for a person, or null when they were sent too many this hour. Older codes stop working. */
  async issueCode(userId: string, now = new Date()): Promise<{ code: string; link: string } | null> {
    if (!(await this.canIssue(userId, now))) return null;
    // only the newest code works, so a person is never unsure which DM to trust
    await this.repo.update({ userId, usedAt: IsNull(), codeHash: Not(IsNull()) }, { expiresAt: now });
    const id = randomUUID();
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const link = randomBytes(32).toString('base64url');
    await this.repo.insert({
      id,
      userId,
      codeHash: codeHash(id, code),
      linkHash: hashToken(link),
      attempts: 0,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      usedAt: null,
      createdAt: now,
    });
    return { code, link };
  }

  /** A link-only grant (for the first sign-in, or when Matrix is down). */
  async issueLink(userId: string, now = new Date()): Promise<string> {
    const link = randomBytes(32).toString('base64url');
    await this.repo.insert({
      id: randomUUID(),
      userId,
      codeHash: null,
      linkHash: hashToken(link),
      attempts: 0,
      expiresAt: new Date(now.getTime() + LINK_TTL_MS),
      usedAt: null,
      createdAt: now,
    });
    return link;
  }

  /** Redeems the person's live code; true once for the right code within the tries, false otherwise. */
  async redeemCode(userId: string, code: string, now = new Date()): Promise<boolean> {
    const grant = await this.repo.findOne({
      where: { userId, usedAt: IsNull(), expiresAt: MoreThan(now), codeHash: Not(IsNull()) },
      order: { createdAt: 'DESC' },
    });
    if (!grant?.codeHash) return false;
    // the try is counted before it is checked, in one conditional UPDATE, so parallel guesses cannot exceed the limit
    const counted = await this.repo
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1' })
      .where('id = :id AND used_at IS NULL AND attempts < :max', { id: grant.id, max: MAX_TRIES })
      .execute();
    if (!counted.affected) return false;
    if (!/^\d{6}$/.test(code) || !sameHash(codeHash(grant.id, code), grant.codeHash)) return false;
    return this.consume(grant.id, now);
  }

  /** Redeems a link; the user id it signs in, once, or null. */
  async redeemLink(link: string, now = new Date()): Promise<string | null> {
    const grant = await this.repo.findOneBy({ linkHash: hashToken(link) });
    if (!grant || grant.usedAt || grant.expiresAt <= now) return null;
    return (await this.consume(grant.id, now)) ? grant.userId : null;
  }

  /** Marks a grant used; false when another request used it first. */
  private async consume(id: string, now: Date): Promise<boolean> {
    const res = await this.repo.update({ id, usedAt: IsNull() }, { usedAt: now });
    return Boolean(res.affected);
  }

  /** Removes every grant of a person (they were removed). */
  async forget(userId: string): Promise<void> {
    await this.repo.delete({ userId });
  }
}
