// Builds a plugin's capabilities over the core services; everything a plugin registers lands in its store.

import type { ApprovalQueue } from '../approvals/approval-queue.ts';
import type { User } from '../auth/user.entity.ts';
import { principalOf, type UserStore } from '../auth/user-store.ts';
import type { ApprovalKindDefinition } from '../contracts/approval-kind.ts';
import type { ApprovalSource } from '../contracts/contributions.ts';
import type { DisposableStore } from '../contracts/disposable.ts';
import { fail } from '../contracts/errors.ts';
import type { Registry } from '../contracts/registry.ts';
import type { RouteSink } from '../contracts/route-definition.ts';
import type { AuditLog } from '../engine/audit-log.ts';
import { type EngineHooks, pluginHookPoints } from '../engine/engine-hooks.ts';
import type { ToolCalls } from '../engine/tool-calls.ts';
import type { Turns } from '../engine/turns.ts';
import type { Logger } from '../logger.ts';
import type { NotesLog } from '../memory/notes-log.ts';
import type { WorkspaceStore } from '../workspaces/workspace-store.ts';
import {
  type ApprovalsCapability,
  type AuditCapability,
  type HooksCapability,
  type HttpCapability,
  type MemoriesCapability,
  type NotesCapability,
  type NotifyCapability,
  type PeopleCapability,
  type ToolCallsCapability,
  type TurnsCapability,
  toPerson,
  type WorkspacesCapability,
} from './capabilities.ts';

/** The core services the host builds capabilities from; plugins never see these objects. */
export interface PluginServices {
  turns: Turns;
  toolCalls: ToolCalls;
  hooks: EngineHooks;
  users: UserStore;
  workspaces: WorkspaceStore;
  notes: NotesLog;
  /** Takes a person's personal surface-once memories (archived as they are handed over). */
  takeSurfaceOnce: MemoriesCapability['takeSurfaceOnce'];
  audit: AuditLog;
  notify: NotifyCapability;
  routes: RouteSink;
  vaultDir: string;
  approvals: ApprovalQueue;
  approvalKinds: Registry<ApprovalKindDefinition<any>>;
  approvalSources: Registry<ApprovalSource>;
}

/** The capability part of a plugin context. */
export interface Capabilities {
  notes: NotesCapability;
  memories: MemoriesCapability;
  notify: NotifyCapability;
  turns: TurnsCapability;
  toolCalls: ToolCallsCapability;
  hooks: HooksCapability;
  people: PeopleCapability;
  workspaces: WorkspacesCapability;
  audit: AuditCapability;
  http: HttpCapability;
  approvals: ApprovalsCapability;
  vaultDir: string;
}

/** Wraps the services for one plugin: registrations are tracked in `store`, disposed when it is disabled. */
export function pluginCapabilities(
  s: PluginServices,
  id: string,
  store: DisposableStore,
  logger: Logger,
): Capabilities {
  const person = async (u: Promise<User | null>) => {
    const found = await u;
    return found ? toPerson(found) : null;
  };
  return {
    notes: { append: (input) => s.notes.append(input) },
    memories: { takeSurfaceOnce: (userId, limit) => s.takeSurfaceOnce(userId, limit) },
    notify: async (userId, text, opts) => {
      const item = await s.notify(userId, text, opts);
      return { id: item.id, state: item.state };
    },
    turns: { run: (call) => s.turns.run(call) },
    toolCalls: {
      has: (name) => s.toolCalls.has(name),
      askable: (name) => s.toolCalls.askable(name),
      call: (name, input, as) => s.toolCalls.call(name, input, as),
    },
    hooks: {
      add: (point, fn) => {
        // the type already leaves it out; plain JavaScript is refused here, so no plugin writes in a turn's commit
        if (!pluginHookPoints.has(point))
          throw new Error(`"${String(point)}" is not a hook point a plugin can add to`);
        return store.add(s.hooks.add(point, fn));
      },
    },
    people: {
      get: (pid) => person(s.users.get(pid)),
      byMatrixId: (mxid) => person(s.users.findByMatrixId(mxid)),
      byEmail: (email) => person(s.users.findByEmail(email)),
      owners: async () => (await s.users.owners()).map(toPerson),
      list: async () => (await s.users.list()).map(toPerson),
    },
    workspaces: {
      get: (slug) => s.workspaces.get(slug),
      list: () => s.workspaces.list(),
      listFor: async (userId) => {
        const user = await s.users.get(userId);
        return user ? s.workspaces.listFor(principalOf(user)) : [];
      },
      onCreated: (fn) => store.add(s.workspaces.onCreated(fn)),
      binding: async (slug, service) => {
        const b = (await s.workspaces.bindings(slug)).find((x) => x.service === service);
        return b ? { service: b.service, dataWindow: { ...b.dataWindow }, maxTier: b.maxTier } : null;
      },
    },
    audit: {
      record: async (record) => {
        try {
          await s.audit.record(record);
        } catch (err) {
          logger.error({ err, audit: record }, 'could not write an audit record');
        }
      },
    },
    http: {
      route: (def) => store.add(toDisposableLike(s.routes.add(def, id, `/plugins/${id}`))),
    },
    approvals: approvalsFor(s, id, store),
    vaultDir: s.vaultDir,
  };
}

/** The queue as one plugin sees it: it files and lists only its own kinds and sources; acting goes through the person's visibility. */
function approvalsFor(s: PluginServices, id: string, store: DisposableStore): ApprovalsCapability {
  const q = s.approvals;
  return {
    registerKind: (def) => store.add(s.approvalKinds.add(def as ApprovalKindDefinition<any>, id)),
    propose: (input) => {
      if (s.approvalKinds.ownerOf(input.kind) !== id)
        throw fail.forbidden(`plugin ${id} did not register the kind "${input.kind}"`);
      return q.propose({ ...input, sourceKind: id });
    },
    pending: (by, opts) => q.pending(by, opts?.own ? { sourceKind: id } : {}),
    bySource: (sourceId) => q.bySource(id, sourceId),
    get: (pid, by) => q.get(pid, by),
    approve: (pid, by, opts) => q.approve(pid, by, opts),
    edit: (pid, by, text, r) => q.edit(pid, by, text, r),
    reject: (pid, by, r) => q.reject(pid, by, r),
    defer: (pid, by, r) => q.defer(pid, by, r),
    add: (source) => store.add(s.approvalSources.add(source, id)),
  };
}

const toDisposableLike = (d: { dispose(): unknown }) => ({ dispose: () => void d.dispose() });
