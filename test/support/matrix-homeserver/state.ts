// Everything the homeserver double knows, in one place the route handlers share.
import { MonotonicClock } from './ids.ts';
import { KeyStore } from './keys.ts';
import { MediaRepo } from './media.ts';
import { Misbehaviour } from './misbehaviour.ts';
import { Rooms } from './rooms.ts';
import { Stream } from './stream.ts';
import { Users } from './users.ts';

/** The server's state: the ordered stream, the clock, users, rooms and uploaded media. */
export class HomeserverState {
  readonly stream = new Stream();
  readonly clock = new MonotonicClock();
  readonly users: Users;
  readonly rooms: Rooms;
  /** Real-server quirks the test switched on. */
  readonly quirks = new Misbehaviour();
  /** Device and cross-signing keys, one-time keys and to-device inboxes. */
  readonly keys = new KeyStore(this.stream);
  readonly media: MediaRepo;
  /** The public base URL, set once the server listens. */
  baseUrl = '';
  /** Synapse's registration_shared_secret, when shared-secret registration is on. */
  registrationSharedSecret?: string;

  constructor(readonly serverName: string) {
    this.users = new Users(serverName, this.stream);
    this.rooms = new Rooms(serverName, this.users, this.stream, this.clock);
    this.media = new MediaRepo(serverName);
  }
}
