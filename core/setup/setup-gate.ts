// The one-time setup link: a random token that opens the first-run page until the household has an owner.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { UserStore } from '../auth/user-store.ts';

/** Holds the token for this process; a restart before the owner exists prints a new one. */
export class SetupGate {
  readonly token = randomBytes(24).toString('base64url');

  constructor(private readonly users: UserStore) {}

  /** Whether the household still needs its first owner. */
  async open(): Promise<boolean> {
    return (await this.users.owners()).length === 0;
  }

  /** The token is right and no owner exists yet; once one does, the link answers 404 for good. */
  async admits(token: string): Promise<boolean> {
    const a = Buffer.from(token);
    const b = Buffer.from(this.token);
    return a.length === b.length && timingSafeEqual(a, b) && (await this.open());
  }

  /** The path of the setup page, under the admin UI. */
  path(): string {
    return `/admin/#/setup/${this.token}`;
  }
}
