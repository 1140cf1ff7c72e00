// Which collections a turn may search: decided by principal and workspace, never by the model.
import type { Principal } from 'quorra/plugin';
import { collectionNames } from '../collections.ts';

/** A guest sees only its workspace's guest window; a workspace turn only that workspace; personal chat the household and the member's own. */
export function collectionsFor(principal: Principal | undefined, workspace: string | null): string[] {
  if (!principal) return [];
  if (principal.kind === 'reservation') return [collectionNames.guest(principal.workspace)];
  if (workspace) return [collectionNames.workspace(workspace)];
  return [collectionNames.household, collectionNames.member(principal.userId)];
}
