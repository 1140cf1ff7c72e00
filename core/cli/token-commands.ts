// `quorra token create|list|revoke`: API tokens from the command line (printed once, listed by id, revoked at once).
import type { Writable } from 'node:stream';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { findPerson } from './find-person.ts';
import { withStores } from './user-commands.ts';

const USAGE =
  'usage: quorra token create <user> [label] | token list <user> | token revoke <token-id> | token revoke --all <user>';

const when = (d: Date | null) => (d ? d.toISOString() : 'never');

/** The token subcommands; a revoked token answers 401 from the next request on. */
export async function token(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const [sub, ...rest] = args;
  return withStores(config, async (s) => {
    const userOf = async (ref: string | undefined) => {
      if (!ref) throw new QuorraError('QUORRA_USAGE', USAGE);
      return findPerson(s.users, ref);
    };
    if (sub === 'create') {
      const [ref, ...label] = rest;
      const u = await userOf(ref);
      out.write(`${await s.tokens.create(u.id, label.join(' '))}\n`);
      return 0;
    }
    if (sub === 'list') {
      const u = await userOf(rest[0]);
      for (const t of await s.tokens.list(u.id))
        out.write(
          `${t.id}\t${t.label || '(no label)'}\tcreated ${when(t.createdAt)}\tlast used ${when(t.lastUsedAt)}\n`,
        );
      return 0;
    }
    if (sub === 'revoke' && rest[0] === '--all') {
      const u = await userOf(rest[1]);
      out.write(`revoked ${await s.tokens.revokeAll(u.id)} token(s) of ${u.id}\n`);
      return 0;
    }
    if (sub === 'revoke' && /^\d+$/.test(rest[0] ?? '')) {
      if (!(await s.tokens.revoke(Number(rest[0]))))
        throw new QuorraError('QUORRA_TOKEN_UNKNOWN', `no token with id ${rest[0]}`);
      out.write(`revoked token ${rest[0]}\n`);
      return 0;
    }
    throw new QuorraError('QUORRA_USAGE', USAGE);
  });
}
