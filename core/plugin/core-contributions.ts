// How core features (memory, Dream, workspaces, Matrix, conversation) contribute: the registries, hooks, jobs and
// route table the plugins use, with every registration kept in one store the app disposes on stop.

import type { CommandDefinition, ReplyHandler } from '../contracts/contributions.ts';
import type { ToolDefinition } from '../contracts/define-tool.ts';
import { type Disposable, DisposableStore } from '../contracts/disposable.ts';
import type { RouteDefinition, RouteSink } from '../contracts/route-definition.ts';
import type { CoreRegistries } from '../engine/core-registries.ts';
import type { EngineHooks, HookSignatures } from '../engine/engine-hooks.ts';
import type { Scheduler } from '../scheduler/scheduler.ts';
import type { Contributions } from './define-plugin.ts';

/** What a core feature registers through; `dispose` undoes all of it. */
export interface CoreContributions extends Disposable {
  routes(defs: RouteDefinition<any, any, any, any, any>[]): void;
  tools: Contributions<ToolDefinition<any>>;
  commands: Contributions<CommandDefinition>;
  replies: Contributions<ReplyHandler>;
  /** Every hook point, `turnRecords` too. */
  hooks: { add<K extends keyof HookSignatures>(point: K, fn: HookSignatures[K]): Disposable };
  /** As a plugin's `ctx.schedule`: `about` is what the job does in the owner's words. */
  schedule(cron: string, name: string, fn: () => Promise<void> | void, about: string): Disposable;
}

/** Contributions owned by `core`, tracked in one store. */
export function coreContributions(deps: {
  routes: RouteSink;
  registries: CoreRegistries;
  hooks: EngineHooks;
  scheduler: Scheduler;
}): CoreContributions {
  const store = new DisposableStore();
  const keep = (d: { dispose(): unknown }) => store.add({ dispose: () => void d.dispose() });
  return {
    routes: (defs) => {
      for (const def of defs) keep(deps.routes.add(def, 'core', ''));
    },
    tools: { add: (t) => keep(deps.registries.tools.add(t)) },
    commands: { add: (c) => keep(deps.registries.commands.add(c)) },
    replies: { add: (r) => keep(deps.registries.replies.add(r)) },
    hooks: { add: (point, fn) => store.add(deps.hooks.add(point, fn)) },
    schedule: (cron, name, fn, about) => store.add(deps.scheduler.add(cron, name, fn, { about })),
    dispose: () => store.dispose(),
  };
}
