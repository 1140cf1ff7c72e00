// GET /matrix/joined-rooms and PUT /matrix/rooms/:roomId: the bot's rooms and which workspace and scope each maps to (owner only).
import type { z } from 'zod';
import type { joinedRoomsReply } from '../../../core/matrix/matrix-routes.ts';
import { apiRequest } from './api-client.ts';

/** A room the bot is in, named by the homeserver, with its mapping (the route's zod schema is the type). */
export type JoinedRoom = z.input<typeof joinedRoomsReply>['rooms'][number];

/** The bot's joined rooms; 503 MATRIX_NOT_CONNECTED while Matrix is off. */
export async function listJoinedRooms(): Promise<JoinedRoom[]> {
  return (await apiRequest<z.input<typeof joinedRoomsReply>>('/matrix/joined-rooms')).rooms;
}

/** Maps a room to a workspace (null: none) and a scope (null: everything the workspace binds). */
export function mapRoom(roomId: string, workspace: string | null, scope: string[] | null): Promise<unknown> {
  return apiRequest(`/matrix/rooms/${encodeURIComponent(roomId)}`, {
    method: 'PUT',
    body: { workspace, scope },
  });
}
