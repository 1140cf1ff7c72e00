// POST /createRoom semantics: presets, initial state, name/topic, aliases and invites (with is_direct), in spec order.
import { matrixErrors } from './errors.ts';
import { newRoomId } from './ids.ts';
import { Room } from './room.ts';
import type { Rooms } from './rooms.ts';
import type { Users } from './users.ts';

/** The createRoom request body (the parts the double understands). */
export interface CreateRoomBody {
  preset?: 'private_chat' | 'trusted_private_chat' | 'public_chat';
  visibility?: 'public' | 'private';
  is_direct?: boolean;
  invite?: string[];
  name?: string;
  topic?: string;
  room_alias_name?: string;
  room_version?: string;
  creation_content?: Record<string, unknown>;
  initial_state?: { type: string; state_key?: string; content: Record<string, unknown> }[];
  power_level_content_override?: Record<string, unknown>;
}

const presets = {
  private_chat: { join_rule: 'invite', history_visibility: 'shared', guest_access: 'can_join' },
  trusted_private_chat: { join_rule: 'invite', history_visibility: 'shared', guest_access: 'can_join' },
  public_chat: { join_rule: 'public', history_visibility: 'shared', guest_access: 'forbidden' },
} as const;

/** Creates a room the way the spec orders it and returns the new room id. */
export function createRoom(rooms: Rooms, users: Users, creatorId: string, body: CreateRoomBody = {}): string {
  const presetName = body.preset ?? (body.visibility === 'public' ? 'public_chat' : 'private_chat');
  const preset = presets[presetName];
  if (!preset) throw matrixErrors.invalidParam(`Unknown preset ${String(body.preset)}`);
  const invites = body.invite ?? [];
  for (const userId of invites) users.require(userId);
  const alias = body.room_alias_name ? `#${body.room_alias_name}:${rooms.serverName}` : undefined;
  const room = new Room(newRoomId(rooms.serverName), body.room_version ?? '10');
  if (alias) rooms.addAlias(alias, room.id);
  rooms.add(room);
  const state = (type: string, content: Record<string, unknown>, stateKey = '') =>
    rooms.append(room, { type, sender: creatorId, state_key: stateKey, content });

  state('m.room.create', { ...body.creation_content, creator: creatorId, room_version: room.version });
  const creator = users.get(creatorId);
  state('m.room.member', { membership: 'join', displayname: creator?.displayName }, creatorId);
  const userLevels: Record<string, number> = { [creatorId]: 100 };
  if (presetName === 'trusted_private_chat') for (const id of invites) userLevels[id] = 100;
  state('m.room.power_levels', {
    users: userLevels,
    users_default: 0,
    events: {
      'm.room.name': 50,
      'm.room.power_levels': 100,
      'm.room.history_visibility': 100,
      'm.room.canonical_alias': 50,
      'm.room.avatar': 50,
      'm.room.tombstone': 100,
      'm.room.server_acl': 100,
      'm.room.encryption': 100,
    },
    events_default: 0,
    state_default: 50,
    ban: 50,
    kick: 50,
    redact: 50,
    invite: 0,
    historical: 100,
    ...body.power_level_content_override,
  });
  if (alias) state('m.room.canonical_alias', { alias });
  state('m.room.join_rules', { join_rule: preset.join_rule });
  state('m.room.history_visibility', { history_visibility: preset.history_visibility });
  state('m.room.guest_access', { guest_access: preset.guest_access });
  for (const ev of body.initial_state ?? []) state(ev.type, ev.content, ev.state_key ?? '');
  if (body.name !== undefined) state('m.room.name', { name: body.name });
  if (body.topic !== undefined) state('m.room.topic', { topic: body.topic });
  for (const userId of invites)
    rooms.invite(creatorId, room.id, userId, body.is_direct ? { is_direct: true } : {});
  return room.id;
}
