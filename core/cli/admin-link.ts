// `quorra admin-link <user>`: prints a one-time sign-in link (first sign-in, or when Matrix is down).
import type { Writable } from 'node:stream';
import { LINK_TTL_MS, SignInGrants } from '../auth/sign-in-grants.ts';
import { publicUrlOf, signInLink } from '../auth/sign-in-link.ts';
import { UserStore } from '../auth/user-store.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { openCliDatabase } from '../schema/household-database.ts';
import { findPerson } from './find-person.ts';

/** Prints the link; it works once, within LINK_TTL_MS. */
export async function adminLink(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const [ref] = args;
  if (!ref || args.length > 1) throw new QuorraError('QUORRA_USAGE', 'usage: quorra admin-link <user>');
  const { db } = await openCliDatabase(config);
  try {
    const user = await findPerson(new UserStore(db), ref);
    const token = await new SignInGrants(db).issueLink(user.id);
    out.write(`${signInLink(publicUrlOf(config), token)}\n`);
    out.write(`(signs in ${user.displayName} once, within ${LINK_TTL_MS / 60_000} minutes)\n`);
    return 0;
  } finally {
    await db.destroy();
  }
}
