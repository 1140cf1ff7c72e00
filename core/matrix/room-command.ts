// `!quorra room`: the owner shows or changes which workspace and scope this room maps to.
import type { CommandDefinition } from '../contracts/contributions.ts';
import { CommandUsageError } from './command-router.ts';
import type { RoomResolver } from './room-resolver.ts';
import type { RoomStore } from './room-store.ts';

const sources = { rooms: 'set for this room', workspace: 'the workspace’s own room', default: 'default' };

/** The owner-only room mapping command. */
export function roomCommand(rooms: RoomStore, resolver: RoomResolver): CommandDefinition {
  return {
    name: 'room',
    description: 'show or change this room’s workspace and scope',
    usage: 'room [workspace <slug|none> | scope <a,b|default>]',
    permission: 'owner',
    async run(args, ctx) {
      const roomId = ctx.roomId;
      if (!roomId) throw new CommandUsageError('Only in a room.');
      if (args.length === 0) {
        const t = await resolver.resolve(roomId);
        return `This room: workspace ${t.workspace ?? 'personal'}, scope ${t.scope ? t.scope.join(', ') : 'from the workspace'} (${sources[t.source]}).`;
      }
      const [what, value, ...rest] = args;
      if (!value || rest.length) throw new CommandUsageError();
      if (what === 'workspace') {
        const row = await rooms.set(
          roomId,
          { workspace: /^(none|personal)$/i.test(value) ? null : value },
          ctx.userId,
        );
        return `This room now maps to workspace ${row.workspace ?? 'personal'}; new conversations here use it.`;
      }
      if (what === 'scope') {
        const scope = /^default$/i.test(value) ? null : value.split(',').filter(Boolean);
        const row = await rooms.set(roomId, { scope }, ctx.userId);
        return `This room’s scope is now ${row.scope ? row.scope.join(', ') : 'the default'}; new conversations here use it.`;
      }
      throw new CommandUsageError();
    },
  };
}
