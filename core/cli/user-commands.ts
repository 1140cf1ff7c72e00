// `quorra user add|list|edit|remove`: household identities from the command line.
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import type { DataSource } from 'typeorm';
import { ZodError } from 'zod';
import { BrowserSessions } from '../auth/browser-sessions.ts';
import { REMOVAL_EFFECTS, removeUser } from '../auth/remove-user.ts';
import { SignInGrants } from '../auth/sign-in-grants.ts';
import { TokenStore } from '../auth/token-store.ts';
import { UserStore } from '../auth/user-store.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { openCliDatabase } from '../schema/household-database.ts';
import { issueLines } from '../text/issue-lines.ts';
import { findPerson } from './find-person.ts';

/** The identity stores on the CLI's database, closed after fn. */
export interface CliStores {
  users: UserStore;
  tokens: TokenStore;
  sessions: BrowserSessions;
  grants: SignInGrants;
  /** The database itself, for commands whose store is not an identity store (e.g. workspace grants). */
  db: DataSource;
}

/** Opens the database, runs fn with the identity stores, closes it. */
export async function withStores<T>(config: QuorraConfig, fn: (s: CliStores) => Promise<T>): Promise<T> {
  const { db } = await openCliDatabase(config);
  try {
    return await fn({
      users: new UserStore(db),
      tokens: new TokenStore(db),
      sessions: new BrowserSessions(db, config.server.sessionIdleMinutes * 60_000),
      grants: new SignInGrants(db),
      db,
    });
  } catch (err) {
    if (err instanceof ZodError) throw new QuorraError('QUORRA_INVALID_INPUT', issueLines(err).join('; '));
    throw err;
  } finally {
    await db.destroy();
  }
}

function usageError(message: string): never {
  throw new QuorraError('QUORRA_USAGE', message);
}

const USAGE =
  'usage: quorra user add <name> --role owner|member [--matrix @id:server] [--email …] [--timezone …] [--child] ' +
  '[--child-tools a,b] [--quiet 21:00-07:00] [--quiet-reply] [--allow-duplicate] | user list | ' +
  'user edit <user> [--name …] [--role …] [--matrix @id:server]… [--email …] [--timezone …] [--child|--no-child] ' +
  '[--child-tools a,b|default] [--quiet 21:00-07:00|off] [--quiet-reply|--no-quiet-reply] | user remove <user>';

/** The trust flags `user add` and `user edit` share: a child, their list, and quiet hours. */
const TRUST_OPTIONS = {
  child: { type: 'boolean' },
  'no-child': { type: 'boolean' },
  'child-tools': { type: 'string' },
  quiet: { type: 'string' },
  'quiet-reply': { type: 'boolean' },
  'no-quiet-reply': { type: 'boolean' },
} as const;

interface TrustValues {
  child?: boolean;
  'no-child'?: boolean;
  'child-tools'?: string;
  quiet?: string;
  'quiet-reply'?: boolean;
  'no-quiet-reply'?: boolean;
}

/** The trust flags as user fields; only the flags given appear, so an edit changes nothing else. */
function trustFields(v: TrustValues) {
  if (v.child && v['no-child']) usageError('--child and --no-child cannot both be given');
  if (v['quiet-reply'] && v['no-quiet-reply'])
    usageError('--quiet-reply and --no-quiet-reply cannot both be given');
  const out: {
    child?: boolean;
    childTools?: string[] | null;
    quietStart?: string | null;
    quietEnd?: string | null;
    quietReply?: boolean;
  } = {};
  if (v.child) out.child = true;
  if (v['no-child']) out.child = false;
  const tools = v['child-tools'];
  if (tools !== undefined)
    out.childTools =
      tools === 'default'
        ? null
        : tools
            .split(',')
            .map((t) => t.trim())
            .filter(Boolean);
  if (v.quiet !== undefined) {
    if (v.quiet === 'off') {
      out.quietStart = null;
      out.quietEnd = null;
    } else {
      const m = /^([^-\s]+)-([^-\s]+)$/.exec(v.quiet);
      if (!m) usageError('--quiet takes two times like 21:00-07:00 (or off)');
      out.quietStart = m[1];
      out.quietEnd = m[2];
    }
  }
  if (v['quiet-reply']) out.quietReply = true;
  if (v['no-quiet-reply']) out.quietReply = false;
  return out;
}

/** For a new person, 'default' and 'off' mean leaving the field out. */
function newChildFields(t: ReturnType<typeof trustFields>) {
  return {
    ...t,
    childTools: t.childTools ?? undefined,
    quietStart: t.quietStart ?? undefined,
    quietEnd: t.quietEnd ?? undefined,
  };
}

/** One line a person's trust settings read as, after add/edit, so the owner sees what they set. */
function trustLine(u: {
  child: boolean;
  childTools: string[] | null;
  quietStart: string | null;
  quietEnd: string | null;
}): string {
  const parts: string[] = [];
  if (u.child)
    parts.push(`a child (${u.childTools ? `may use: ${u.childTools.join(', ')}` : "the household's list"})`);
  if (u.quietStart && u.quietEnd) parts.push(`quiet hours ${u.quietStart}–${u.quietEnd}`);
  return parts.length ? `\n${parts.join('; ')}` : '';
}

/** `user add <name> --role owner|member [--matrix …]… [--email …] [--child …]`, `user list`, `user edit`, `user remove`. */
export async function user(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === 'edit') return editUser(rest, config, out);
  if (sub === 'remove') return removeUserCommand(rest, config, out);
  if (sub === 'list') {
    return withStores(config, async ({ users }) => {
      for (const u of await users.list())
        out.write(`${u.id}\t${u.role}\t${u.displayName}\t${u.matrixIds.join(',')}\t${u.email ?? ''}\n`);
      return 0;
    });
  }
  if (sub !== 'add') usageError(USAGE);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    strict: true,
    options: {
      role: { type: 'string' },
      matrix: { type: 'string', multiple: true },
      email: { type: 'string' },
      timezone: { type: 'string' },
      id: { type: 'string' },
      'allow-duplicate': { type: 'boolean' },
      ...TRUST_OPTIONS,
    },
  });
  const name = positionals.join(' ');
  if (!name || !values.role)
    usageError(name ? 'a new person needs --role owner or --role member' : 'a new person needs a name');
  return withStores(config, async ({ users }) => {
    const u = await users.add(
      {
        name,
        role: values.role as 'owner',
        matrix: values.matrix ?? [],
        email: values.email,
        timezone: values.timezone,
        id: values.id,
        ...newChildFields(trustFields(values)),
      },
      { allowDuplicate: values['allow-duplicate'] === true },
    );
    const zone = values.timezone ? '' : " (the household's; change it with --timezone)";
    out.write(`added ${u.id} (${u.role}), time zone ${u.timezone}${zone}${trustLine(u)}\n`);
    return 0;
  });
}

/** `user edit <user> [--name …] [--role …] [--matrix …]… [--email …] [--timezone …]`: only the given fields change. */
async function editUser(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      name: { type: 'string' },
      role: { type: 'string' },
      matrix: { type: 'string', multiple: true },
      email: { type: 'string' },
      timezone: { type: 'string' },
      ...TRUST_OPTIONS,
    },
  });
  if (positionals.length !== 1) usageError(USAGE);
  return withStores(config, async ({ users }) => {
    const found = await findPerson(users, positionals[0]);
    const u = await users.edit(found.id, {
      name: values.name,
      role: values.role as 'owner' | undefined,
      matrix: values.matrix,
      email: values.email === '' ? null : values.email,
      timezone: values.timezone,
      ...trustFields(values),
    });
    out.write(
      `${u.id}\t${u.role}\t${u.displayName}\t${u.matrixIds.join(',')}\t${u.email ?? ''}${trustLine(u)}\n`,
    );
    return 0;
  });
}

/** `user remove <user>`: says what happens to their data, then does it. */
async function removeUserCommand(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  if (args.length !== 1) usageError(USAGE);
  return withStores(config, async (s) => {
    const found = await findPerson(s.users, args[0]);
    const r = await removeUser(s, found.id);
    out.write(
      `removed ${r.userId}: ${r.tokensRevoked} token(s) revoked, ${r.sessionsEnded} browser sign-in(s) ended.\n${REMOVAL_EFFECTS}\n`,
    );
    return 0;
  });
}
