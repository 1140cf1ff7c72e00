// `quorra user add|list` and `quorra token create`: household identities from the command line.
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { TokenStore } from '../auth/token-store.ts';
import { UserStore } from '../auth/user-store.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../errors.ts';
import { issueLines } from '../text/issue-lines.ts';
import { openCliDatabase } from './open-cli-database.ts';

async function withStores<T>(
  config: QuorraConfig,
  fn: (users: UserStore, tokens: TokenStore) => Promise<T>,
): Promise<T> {
  const { db } = await openCliDatabase(config);
  try {
    return await fn(new UserStore(db), new TokenStore(db));
  } finally {
    await db.destroy();
  }
}

function usageError(message: string): never {
  throw new QuorraError('QUORRA_USAGE', message);
}

/** `user add <name> --role owner|member [--matrix @id:server]… [--email …]` and `user list`. */
export async function user(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'list') {
    return withStores(config, async (users) => {
      for (const u of await users.list())
        out.write(`${u.id}\t${u.role}\t${u.displayName}\t${u.matrixIds.join(',')}\t${u.email ?? ''}\n`);
      return 0;
    });
  }
  if (sub !== 'add')
    usageError(
      'usage: quorra user add <name> --role owner|member [--matrix @id:server] [--email …] [--allow-duplicate] | quorra user list',
    );
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      role: { type: 'string' },
      matrix: { type: 'string', multiple: true },
      email: { type: 'string' },
      timezone: { type: 'string' },
      id: { type: 'string' },
      'allow-duplicate': { type: 'boolean' },
    },
  });
  const name = positionals.join(' ');
  if (!name || !values.role)
    usageError('usage: quorra user add <name> --role owner|member [--matrix @id:server] [--email …]');
  return withStores(config, async (users) => {
    try {
      const u = await users.add(
        {
          name,
          role: values.role as 'owner',
          matrix: values.matrix ?? [],
          email: values.email,
          timezone: values.timezone,
          id: values.id,
        },
        { allowDuplicate: values['allow-duplicate'] === true },
      );
      out.write(`added ${u.id} (${u.role})\n`);
      return 0;
    } catch (err) {
      if (err instanceof ZodError) usageError(issueLines(err).join('; '));
      throw err;
    }
  });
}

/** `token create <user>`: prints a new API token once; only its hash is stored. */
export async function token(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const [sub, ref, ...label] = args;
  if (sub !== 'create' || !ref) usageError('usage: quorra token create <user> [label]');
  return withStores(config, async (users, tokens) => {
    const u = await users.resolve(ref);
    if (!u) throw new QuorraError('QUORRA_USER_UNKNOWN', `no user "${ref}"`);
    out.write(`${await tokens.create(u.id, label.join(' '))}\n`);
    return 0;
  });
}
