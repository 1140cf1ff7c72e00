// The checks that seal sessions to workspaces (the area registers them as engine hooks): scope ⊆ bindings, personas
// offered, and the workspace list.

import type { ToolDefinition } from '../contracts/define-tool.ts';
import { fail } from '../contracts/errors.ts';
import type { Principal } from '../contracts/principal.ts';
import type { Session } from '../sessions/session.entity.ts';
import type { WorkspaceStore } from './workspace-store.ts';

/** Checks a new or newly scoped session against its workspace; derives the scope when none was given. */
export async function checkWorkspaceSession(
  store: WorkspaceStore,
  session: Session,
  principal: Principal,
): Promise<void> {
  if (!session.workspace) {
    if (principal.kind === 'reservation')
      throw fail.invalid('WORKSPACE_REQUIRED', 'a guest session needs a hosting workspace');
    return;
  }
  const ws = await store.get(session.workspace);
  if (!ws) throw fail.invalid('UNKNOWN_WORKSPACE', `no workspace "${session.workspace}"`);
  await admitToWorkspace(store, session, principal);
  if (!ws.personas.includes(session.persona)) {
    throw fail.invalid(
      'PERSONA_NOT_OFFERED',
      `workspace "${ws.slug}" does not offer the ${session.persona} persona`,
    );
  }
  const bound = await store.derivedScope(ws.slug);
  if (!session.scope) {
    if (principal.kind === 'user') session.scope = bound;
    return;
  }
  const outside = session.scope.filter((s) => !bound.includes(s));
  if (outside.length) {
    throw fail.invalid('SCOPE_NOT_BOUND', `workspace "${ws.slug}" has no ${outside.join(', ')} service`, {
      bound,
    });
  }
}

/** Refuses a turn in a workspace the person was not given (or was since revoked): asked on every turn. */
export async function admitToWorkspace(
  store: WorkspaceStore,
  session: Session,
  principal: Principal,
): Promise<void> {
  if (!session.workspace) return;
  if (!(await store.mayUse(principal, session.workspace))) throw fail.forbidden(NOT_YOURS);
}

/** The words a member hears where they were not given a workspace (no hint of what is inside). */
export const NOT_YOURS =
  'you have not been given this workspace; ask the owner of the household to add you to it';

/** Lists the user's workspaces (name and description only) in personal chat, so Quorra can offer to switch. */
export async function workspaceListSection(
  store: WorkspaceStore,
  session: Session,
  principal: Principal,
): Promise<string | undefined> {
  if (session.workspace || principal.kind !== 'user') return undefined;
  const list = (await store.listFor(principal)).filter((w) => w.kind !== 'personal');
  if (!list.length) return undefined;
  const lines = list.map((w) => `- ${w.name}${w.description ? `: ${w.description}` : ''}`);
  return `## Workspaces\nThis is personal chat. The household also has these workspaces; if the user's request belongs in one, offer to continue there:\n${lines.join('\n')}`;
}

/**
 * Applies each binding's tier ceiling: in a workspace a tool is offered only if one of its scopes is a bound
 * service whose max_tier admits the tool's tier (cross-cutting '*' tools count against every bound service).
 */
export async function withinTierPolicy(
  store: WorkspaceStore,
  session: Session,
  tools: ToolDefinition<any>[],
): Promise<ToolDefinition<any>[]> {
  if (!session.workspace) return tools;
  const ceilings = new Map((await store.bindings(session.workspace)).map((b) => [b.service, b.maxTier]));
  return tools.filter((t) => {
    const services = t.scopes.includes('*') ? [...ceilings.keys()] : t.scopes.filter((s) => ceilings.has(s));
    return services.some((s) => t.tier <= (ceilings.get(s) ?? -1));
  });
}
