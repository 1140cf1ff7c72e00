// The core bang-commands: help, purpose, forget, status and mode (registered before plugins activate; approvals is core/approvals).
import { principalOf, type UserStore } from '../auth/user-store.ts';
import type { CommandContext, CommandDefinition } from '../contracts/contributions.ts';
import type { Registry } from '../contracts/registry.ts';
import type { SessionControls } from '../engine/session-controls.ts';
import type { Health } from '../health/health.ts';
import type { Session } from '../sessions/session.entity.ts';
import { ago } from '../text/ago.ts';
import { CommandUsageError, helpText, type MatrixCommandContext } from './command-router.ts';
import type { RoomSessions } from './room-sessions.ts';

/** What the core commands need. */
export interface CoreCommandDeps {
  commands: Registry<CommandDefinition>;
  users: UserStore;
  controls: SessionControls;
  roomSessions: RoomSessions;
  health: Health;
}

const NO_SESSION = 'There is no conversation here yet — say something first, then try again.';
const CLEAR = /^(clear|off|none)$/i;

/** Builds the core command definitions over the given services. */
export function coreCommands(deps: CoreCommandDeps): CommandDefinition[] {
  const session = async (ctx: CommandContext): Promise<Session | null> => {
    if (!ctx.sessionId) return null;
    const user = await deps.users.get(ctx.userId);
    if (!user) return null;
    return deps.controls.get(principalOf(user), ctx.sessionId).catch(() => null);
  };
  const principal = async (ctx: CommandContext) => principalOf((await deps.users.get(ctx.userId))!);

  return [
    {
      name: 'help',
      description: 'list the commands you can use',
      usage: 'help',
      permission: 'member',
      run: (_args, ctx) => helpText(deps.commands, ctx.role),
    },
    {
      name: 'purpose',
      description: 'show or set a standing directive for this conversation (`clear` removes it)',
      usage: 'purpose [text | clear]',
      permission: 'member',
      async run(args, ctx) {
        const s = await session(ctx);
        const text = args.join(' ').trim();
        if (!text) return s?.purpose ? `Purpose: ${s.purpose}` : 'No purpose is set here.';
        if (!s) return NO_SESSION;
        const updated = await deps.controls.setPurpose(
          await principal(ctx),
          s.id,
          CLEAR.test(text) ? null : text,
        );
        return updated.purpose ? `Purpose set: ${updated.purpose}` : 'Purpose cleared.';
      },
    },
    {
      name: 'forget',
      description: 'start a fresh conversation in this room',
      usage: 'forget',
      permission: 'member',
      async run(args, ctx) {
        if (args.length) throw new CommandUsageError();
        const had = await deps.roomSessions.forget(ctx.roomId ?? '', ctx.userId, ctx.workspace ?? null);
        return had
          ? 'Done — I’ve set our conversation here aside; your next message starts a fresh one.'
          : 'There was nothing to forget here; your next message starts a fresh conversation.';
      },
    },
    {
      name: 'status',
      description: 'workspace, scope, mode, session age, model and plugin health',
      usage: 'status',
      permission: 'member',
      async run(_args, ctx) {
        const s = await session(ctx);
        const report = await deps.health.report();
        const check = (name: string) => {
          const c = report.checks[name];
          if (!c) return 'unknown';
          return c.status === 'ok' ? 'ok' : `${c.status}${c.reason ? ` — ${c.reason}` : ''}`;
        };
        const model = report.checks.model;
        const scope = s?.scope ?? (ctx as MatrixCommandContext).roomScope;
        return [
          '**Status**',
          `- Workspace: ${ctx.workspace ?? 'personal'}`,
          `- Scope: ${scope ? scope.join(', ') : 'from the workspace'}${s ? '' : ' (for the next conversation)'}`,
          `- Mode: ${s?.activeMode ?? 'none'}`,
          `- Session: ${s ? `started ${ago(s.createdAt)}` : 'none yet'}`,
          `- Model: ${check('model')}${model?.chatModel ? ` (${model.chatModel})` : ''}`,
          `- Plugins: ${check('plugins')}`,
        ].join('\n');
      },
    },
    {
      name: 'mode',
      description: 'list the modes, set one, or clear it with `off`',
      usage: 'mode [name | off]',
      permission: 'member',
      async run(args, ctx) {
        if (args.length > 1) throw new CommandUsageError();
        const s = await session(ctx);
        if (!s) return NO_SESSION;
        const p = await principal(ctx);
        if (!args.length) {
          const list = deps.controls.available(s).map((m) => `- \`${m.name}\` — ${m.description}`);
          return `Mode: ${s.activeMode ?? 'none'}.${list.length ? `\nAvailable:\n${list.join('\n')}` : ' No modes are available here.'}`;
        }
        if (CLEAR.test(args[0])) {
          await deps.controls.setMode(p, s.id, null);
          return 'Mode cleared.';
        }
        const updated = await deps.controls.setMode(p, s.id, args[0]);
        const def = deps.controls.available(updated).find((m) => m.name === updated.activeMode);
        return `Mode set: ${updated.activeMode}${def ? ` — ${def.description}` : ''}.`;
      },
    },
  ];
}
