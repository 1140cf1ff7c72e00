// Raw Client-Server API calls over fetch, and a two-user double, for tests that check the double's wire format by hand.
import assert from 'node:assert/strict';
import { MatrixHomeserver, type RegisteredUser } from './index.ts';

/** A started double with Alice and Bob registered. */
export interface TwoUsers {
  hs: MatrixHomeserver;
  alice: RegisteredUser;
  bob: RegisteredUser;
}

/** Starts a double and registers Alice and Bob on it. */
export async function startTwoUsers(): Promise<TwoUsers> {
  const hs = await MatrixHomeserver.start();
  const alice = hs.registerUser('alice', { displayName: 'Alice' });
  const bob = hs.registerUser('bob', { displayName: 'Bob' });
  return { hs, alice, bob };
}

/** Gives each test of the enclosing `describe` a fresh two-user double (read its fields inside the test), closed after it. */
export function twoUsersEachTest(): TwoUsers {
  const current = {} as TwoUsers;
  beforeEach(async () => {
    Object.assign(current, await startTwoUsers());
  });
  afterEach(() => closeChecked(current.hs));
  return current;
}

/** Closes the double and fails the test if any request crashed it. */
export async function closeChecked(hs: MatrixHomeserver): Promise<void> {
  await hs.close();
  assert.deepEqual(hs.crashes, []);
}

/** Calls against the double whose address `baseUrl()` gives (read per call: tests start a new double each). */
export function rawApi(baseUrl: () => string) {
  const api = async (method: string, path: string, opts: { token?: string; body?: unknown } = {}) => {
    const res = await fetch(
      `${baseUrl()}${path.startsWith('/_matrix') ? path : `/_matrix/client/v3${path}`}`,
      {
        method,
        headers: {
          ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
          ...(opts.body ? { 'content-type': 'application/json' } : {}),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      },
    );
    return { status: res.status, body: (await res.json()) as any, headers: res.headers };
  };
  const sync = (token: string, query = '') => api('GET', `/sync?${query}`, { token }).then((r) => r.body);
  const send = (token: string, roomId: string, txnId: string, body: string) =>
    api('PUT', `/rooms/${encodeURIComponent(roomId)}/send/m.room.message/${txnId}`, {
      token,
      body: { msgtype: 'm.text', body },
    });
  return { api, sync, send };
}
