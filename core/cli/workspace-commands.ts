// `quorra workspace grant|revoke <workspace> <person>`: the owner says who besides the owners may use a workspace.
import type { Writable } from 'node:stream';
import { vaultRoot } from '../config/data-paths.ts';
import type { QuorraConfig } from '../config/schema.ts';
import { QuorraError } from '../contracts/errors.ts';
import { WorkspaceStore } from '../workspaces/workspace-store.ts';
import { findPerson } from './find-person.ts';
import { withStores } from './user-commands.ts';

const USAGE = 'usage: quorra workspace grant <workspace> <person> | workspace revoke <workspace> <person>';

/** Grants or revokes, by workspace slug or name and person id, Matrix ID, email or display name; a revoke refuses the next turn there. */
export async function workspace(args: string[], config: QuorraConfig, out: Writable): Promise<number> {
  const [sub, wsRef, personRef] = args;
  if ((sub !== 'grant' && sub !== 'revoke') || !wsRef || !personRef)
    throw new QuorraError('QUORRA_USAGE', USAGE);
  return withStores(config, async (s) => {
    // services and personas only matter to creating a workspace, which the CLI does not do
    const store = new WorkspaceStore(s.db, vaultRoot(config), () => [], []);
    const ws =
      (await store.get(wsRef)) ??
      (await store.list()).find((w) => w.name.toLowerCase() === wsRef.toLowerCase()) ??
      null;
    if (!ws) throw new QuorraError('NOT_FOUND', `no workspace "${wsRef}"`);
    const person = await findPerson(s.users, personRef);
    if (person.role === 'owner') {
      out.write(`${person.displayName} is an owner and can already use every workspace\n`);
      return 0;
    }
    if (sub === 'grant') await store.grant(ws.slug, person.id, null);
    else await store.revoke(ws.slug, person.id);
    out.write(
      sub === 'grant'
        ? `${person.displayName} can now use ${ws.name}\n`
        : `${person.displayName} can no longer use ${ws.name}\n`,
    );
    return 0;
  });
}
