// Boots only the named plugins and runs a tool as a given person through the real gate (scope, persona,
// availability) and the real runner (validation, audit, tier-2 confirmation); runs a command through the real
// router and a job through the real scheduler, and reads what the plugin sent and proposed; for plugin tests.

import { randomUUID } from 'node:crypto';
import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { principalOf } from '../../core/auth/user-store.ts';
import { rootDir } from '../../core/build-info.ts';
import type { ProposalView } from '../../core/contracts/approval-kind.ts';
import type { CommandAnswer } from '../../core/contracts/contributions.ts';
import type { UserPrincipal } from '../../core/contracts/principal.ts';
import { persona as personaOf } from '../../core/engine/personas.ts';
import { offeredTools } from '../../core/engine/tool-gate.ts';
import type { ToolOutcome } from '../../core/engine/tool-runner.ts';
import { parseCommand, runCommand } from '../../core/matrix/command-router.ts';
import { OutboxItem } from '../../core/matrix/outbox-item.entity.ts';
import { type BootedApp, type BootOptions, bootApp, tempDir } from './boot-app.ts';
import { addUser, type TestUser } from './household.ts';

/** A household member of the kit's app: their token headers and principal. */
export interface KitPerson extends TestUser {
  principal: UserPrincipal;
}

/** What a tool call came to: the runner's outcome, and the content parsed as JSON when it is JSON. */
export interface ToolRun {
  outcome: ToolOutcome;
  json?: any;
}

export interface PluginKit {
  app: BootedApp;
  person(name: string, role?: 'owner' | 'member'): Promise<KitPerson>;
  /** Calls a tool as `as`, in `scope` (default: the tool's own scopes) and `workspace` (default none). */
  runTool(
    name: string,
    input: unknown,
    opts: { as: KitPerson; scope?: string[]; workspace?: string | null; persona?: string },
  ): Promise<ToolRun>;
  /** Runs `!quorra <text>` as `as` through the command router (permission, usage errors): what they would read. */
  runCommand(text: string, opts: { as: KitPerson; workspace?: string | null }): Promise<CommandAnswer>;
  /** Runs a plugin's scheduled job now (`ctx.schedule(cron, name, …)`): `ok`, `skipped` or `error`. */
  runJob(pluginId: string, name: string): Promise<string>;
  /** The notifications queued so far (ctx.notify), oldest first, optionally for one person. */
  outbox(forPerson?: KitPerson): Promise<{ userId: string; text: string; state: string }[]>;
  /** The proposals waiting on `as` (default: the first owner the kit made) in the approvals queue. */
  approvals(as?: KitPerson): Promise<ProposalView[]>;
  stop(): Promise<void>;
}

/** Boots `plugins` (ids under plugins/, or folders) and nothing else; `options` go to bootApp. */
export async function pluginKit(plugins: string[], options: BootOptions = {}): Promise<PluginKit> {
  const root = tempDir('quorra-kit-');
  mkdirSync(root, { recursive: true });
  for (const p of plugins) {
    const dir = path.isAbsolute(p) ? p : path.join(rootDir, 'plugins', p);
    symlinkSync(dir, path.join(root, path.basename(dir)));
  }
  const app = await bootApp({ ...options, pluginRoots: [root] });
  const people: KitPerson[] = [];
  return {
    app,
    async person(name, role = 'member') {
      const user = await addUser(app, name, role);
      const stored = (await app.quorra.conversation.users.get(user.id))!;
      const person = { ...user, principal: principalOf(stored) };
      people.push(person);
      return person;
    },
    async runCommand(text, opts) {
      const cmd = parseCommand(`!quorra ${text}`);
      if (!cmd) throw new Error(`not a command: ${text}`);
      const { userId, role } = opts.as.principal;
      return runCommand(app.quorra.registries.commands, cmd, {
        userId,
        role,
        workspace: opts.workspace ?? null,
      });
    },
    runJob: (pluginId, name) => app.quorra.scheduler.run(`${pluginId}.${name}`),
    async outbox(forPerson) {
      const rows = await app.quorra.db.getRepository(OutboxItem).find({
        where: forPerson ? { userId: forPerson.id } : {},
        order: { createdAt: 'ASC' },
      });
      return rows.map(({ userId, text, state }) => ({ userId, text, state }));
    },
    async approvals(as) {
      const by = as ?? people.find((p) => p.principal.role === 'owner');
      if (!by) throw new Error('approvals(): make an owner with kit.person(name, "owner") first');
      return app.quorra.approvals.pending({ userId: by.id, role: by.principal.role });
    },
    async runTool(name, input, opts) {
      const { registries, conversation } = app.quorra;
      const tool = registries.tools.get(name);
      const scope = opts.scope ?? tool?.scopes ?? ['general'];
      const workspace = opts.workspace ?? null;
      const offered = offeredTools(registries.tools.list(), scope, personaOf(opts.persona ?? 'owner'), {
        principal: opts.as.principal,
        workspace,
      });
      const outcome = await conversation.engine.deps.runner.run(
        { id: randomUUID(), name, arguments: JSON.stringify(input) },
        { offered, principal: opts.as.principal, sessionId: randomUUID(), workspace },
      );
      if (outcome.kind !== 'result') return { outcome };
      try {
        return { outcome, json: JSON.parse(outcome.content) };
      } catch {
        return { outcome };
      }
    },
    stop: () => app.stop({ clean: true }),
  };
}
