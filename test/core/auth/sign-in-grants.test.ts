// Sign-in grants on a real SQLite file: 6-digit codes expire, die after 5 tries, redeem once; links once; sessions idle out.
import assert from 'node:assert/strict';
import { BrowserSessions } from '../../../core/auth/browser-sessions.ts';
import { MAX_CODES_PER_HOUR, MAX_TRIES, SignInGrants } from '../../../core/auth/sign-in-grants.ts';
import { UserStore } from '../../../core/auth/user-store.ts';
import { type MemoryDb, openMemoryDb } from '../memory/memory-db.ts';

const minutes = (d: Date, n: number) => new Date(d.getTime() + n * 60_000);
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in grants and browser sessions', () => {
  let m: MemoryDb;
  let grants: SignInGrants;
  let userId: string;
  const t0 = new Date('2030-06-01T12:00:00Z');

  beforeEach(async () => {
    m = await openMemoryDb(t0);
    grants = new SignInGrants(m.db);
    userId = (await new UserStore(m.db).add({ name: 'Olivia', role: 'owner' })).id;
  });
  afterEach(() => m.close());

  it('redeems a 6-digit code once, within 10 minutes', async () => {
    const g = (await grants.issueCode(userId, t0))!;
    assert.match(g.code, /^\d{6}$/);
    assert.equal(await grants.redeemCode(userId, g.code, minutes(t0, 9)), true);
    assert.equal(await grants.redeemCode(userId, g.code, minutes(t0, 9)), false, 'a code works once');
    const late = (await grants.issueCode(userId, t0))!;
    assert.equal(
      await grants.redeemCode(userId, late.code, minutes(t0, 10)),
      false,
      'expired after 10 minutes',
    );
  });

  it('counts every try: after 5 wrong codes the right one no longer works', async () => {
    const g = (await grants.issueCode(userId, t0))!;
    for (let i = 0; i < MAX_TRIES; i++)
      assert.equal(await grants.redeemCode(userId, wrong(g.code), t0), false);
    assert.equal(await grants.redeemCode(userId, g.code, t0), false);
  });

  it('redeems a code exactly once when the same right code arrives many times at once', async () => {
    const g = (await grants.issueCode(userId, t0))!;
    const results = await Promise.all(Array.from({ length: 8 }, () => grants.redeemCode(userId, g.code, t0)));
    assert.equal(results.filter(Boolean).length, 1);
  });

  it('only the newest code works, and a person gets at most 5 codes an hour', async () => {
    const first = (await grants.issueCode(userId, t0))!;
    const second = (await grants.issueCode(userId, t0))!;
    assert.equal(await grants.redeemCode(userId, first.code, t0), false);
    for (let i = 2; i < MAX_CODES_PER_HOUR; i++) assert.ok(await grants.issueCode(userId, t0));
    assert.equal(await grants.issueCode(userId, minutes(t0, 59)), null);
    assert.ok(await grants.issueCode(userId, minutes(t0, 61)), 'a new hour, a new code');
    assert.equal(await grants.redeemCode(userId, second.code, t0), false);
  });

  it('redeems a link once, within its lifetime; the code DM’s link signs in like the code', async () => {
    const link = await grants.issueLink(userId, t0);
    assert.equal(await grants.redeemLink(link, minutes(t0, 5)), userId);
    assert.equal(await grants.redeemLink(link, minutes(t0, 5)), null);
    assert.equal(await grants.redeemLink(await grants.issueLink(userId, t0), minutes(t0, 31)), null);
    const g = (await grants.issueCode(userId, t0))!;
    assert.equal(await grants.redeemLink(g.link, t0), userId);
    assert.equal(await grants.redeemCode(userId, g.code, t0), false, 'the link used up the code too');
  });

  it('ends a browser session after the idle limit, and all of a person’s sessions at once', async () => {
    const sessions = new BrowserSessions(m.db, 60 * 60_000);
    const a = await sessions.open(userId, t0);
    const b = await sessions.open(userId, t0);
    assert.equal((await sessions.resolve(a.token, minutes(t0, 50)))?.userId, userId);
    assert.equal((await sessions.resolve(a.token, minutes(t0, 100)))?.userId, userId, 'use keeps it alive');
    assert.equal(await sessions.resolve(b.token, minutes(t0, 100)), null, 'idle for 100 minutes');
    assert.equal(await sessions.closeAll(userId), 1);
    assert.equal(await sessions.resolve(a.token, minutes(t0, 101)), null);
  });
});
