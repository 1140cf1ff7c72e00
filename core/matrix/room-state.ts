// Reads a room's state event with the empty state key as `/state/{type}`: strict homeservers refuse the trailing slash.
import type { MatrixClient } from 'matrix-bot-sdk';

/** A state event's content as the homeserver sent it: a few string or flag fields Quorra reads, each maybe absent. */
export type StateContent = {
  name?: unknown;
  alias?: unknown;
  algorithm?: unknown;
  [key: string]: unknown;
} | null;

/** The content of the `(type, '')` state event; rejects (404 and others) as the SDK's getRoomStateEvent does. */
export function roomStateContent(
  client: Pick<MatrixClient, 'doRequest'>,
  roomId: string,
  type: string,
): Promise<StateContent> {
  // matrix-bot-sdk's getRoomStateEvent(roomId, type, '') asks for `/state/{type}/`, which e.g. Conduit answers M_UNRECOGNIZED
  return client.doRequest(
    'GET',
    `/_matrix/client/v3/rooms/${encodeURIComponent(roomId)}/state/${encodeURIComponent(type)}`,
  );
}
