// The rooms the bot has joined, named as the homeserver names them (room name, else the people in it), for mapping rooms in the admin UI.

import type { QuorraMatrixClient } from './matrix-client.ts';
import { roomStateContent, type StateContent } from './room-state.ts';

/** A room the bot is in, as the homeserver describes it. */
export interface JoinedRoom {
  roomId: string;
  /** The room's name, else its canonical alias, else who is in it ("Olivia and Max"). */
  name: string;
  /** Display names of the people in it besides the bot. */
  people: string[];
  encrypted: boolean;
}

const MAX_ROOMS = 200;

async function stateContent(client: QuorraMatrixClient, roomId: string, type: string): Promise<StateContent> {
  // a room without that state event answers 404: nothing to show, not an error
  return roomStateContent(client, roomId, type).catch(() => null);
}

/** Reads each joined room's name, members and encryption from the homeserver (never from Quorra's own tables). */
export async function listJoinedRooms(client: QuorraMatrixClient, botUserId: string): Promise<JoinedRoom[]> {
  const ids = (await client.getJoinedRooms()).slice(0, MAX_ROOMS);
  const rooms = await Promise.all(
    ids.map(async (roomId) => {
      const [name, alias, encryption, members] = await Promise.all([
        stateContent(client, roomId, 'm.room.name'),
        stateContent(client, roomId, 'm.room.canonical_alias'),
        stateContent(client, roomId, 'm.room.encryption'),
        client
          .getJoinedRoomMembersWithProfiles(roomId)
          .catch(() => ({}) as Record<string, { display_name?: string }>),
      ]);
      const people = Object.entries(members)
        .filter(([id]) => id !== botUserId)
        .map(([id, p]) => p?.display_name || id)
        .sort((a, b) => a.localeCompare(b));
      const title =
        (typeof name?.name === 'string' && name.name.trim()) ||
        (typeof alias?.alias === 'string' && alias.alias) ||
        (people.length ? people.join(' and ') : 'Empty room');
      return { roomId, name: title, people, encrypted: Boolean(encryption?.algorithm) };
    }),
  );
  return rooms.sort((a, b) => a.name.localeCompare(b.name));
}
