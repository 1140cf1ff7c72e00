// Identifiers and timestamps the homeserver double hands out: event/room/device ids, access tokens, a monotonic clock.
import { randomBytes } from 'node:crypto';

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random string of ASCII letters (room ids and device ids use these). */
export function randomLetters(length: number, alphabet = letters): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

/** An event id in the room-version-4+ format: `$` followed by 43 url-safe base64 characters. */
export function newEventId(): string {
  return `$${randomBytes(32).toString('base64url')}`;
}

/** A room id such as `!AbCdEfGhIjKlMnOpQr:localhost`. */
export function newRoomId(serverName: string): string {
  return `!${randomLetters(18)}:${serverName}`;
}

/** A device id such as `QWERTYUIOP`. */
export function newDeviceId(): string {
  return randomLetters(10, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ');
}

/** An opaque access token shaped like Synapse's (`syt_<localpart>_<random>`). */
export function newAccessToken(localpart: string): string {
  return `syt_${Buffer.from(localpart).toString('base64url')}_${randomLetters(20)}`;
}

/** A millisecond clock that never goes backwards, so origin_server_ts is non-decreasing. */
export class MonotonicClock {
  private last = 0;

  /** The current time in ms, never less than the previous answer. */
  now(): number {
    this.last = Math.max(this.last, Date.now());
    return this.last;
  }
}
