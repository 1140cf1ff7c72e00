// Delivery: homeserver 429s honoured on joins, reads and sends; failed sends retried and counted; the outbox; login; /health.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { bootApp } from '../../support/boot-app.ts';
import { call, type TestUser } from '../../support/household.ts';
import type { RegisteredUser, RequestInfo } from '../../support/matrix-homeserver/index.ts';
import { waitUntil } from '../../support/matrix-homeserver/test-clients.ts';
import { house } from './fixtures/house/matrix-house/index.ts';
import { MatrixWorld, metricValue } from './matrix-world.ts';

const houseRoot = fileURLToPath(new URL('./fixtures/house', import.meta.url));

describe('Matrix runtime: delivery', () => {
  describe('with the bot running', () => {
    const w = new MatrixWorld({ pluginRoots: [houseRoot] });
    let alice: { mx: RegisteredUser; user?: TestUser };

    before(async () => {
      await w.start();
      alice = await w.member('alice', 'Alice', 'owner');
    });
    beforeEach(() => w.model.reset());
    after(() => w.close());

    const byBot = (test: (r: RequestInfo) => boolean) => (r: RequestInfo) =>
      r.userId === w.bot.userId && test(r);
    const isSend = (r: RequestInfo) => r.method === 'PUT' && r.path.includes('/send/m.room.message/');
    const outcomes = (test: (r: RequestInfo) => boolean, from = 0) =>
      w.hs.requests
        .slice(from)
        .filter(byBot(test))
        .map((r) => [r.status, r.errcode]);

    it('honours 429 retry_after_ms on joins, reads and sends alike (same transaction id on the retried send)', async () => {
      const from = w.hs.requests.length;
      const isJoin = (r: RequestInfo) => r.method === 'POST' && /\/join\//.test(r.path);
      const isRead = (r: RequestInfo) => r.method === 'GET' && r.path.endsWith('/joined_members');
      for (const test of [isJoin, isRead, isSend])
        w.hs.rateLimitNext(1, { retryAfterMs: 30, match: byBot(test) });
      const roomId = await w.dm(alice.mx);
      w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'hi' });
      await w.botReplies(roomId, 1);
      const limited = [
        [429, 'M_LIMIT_EXCEEDED'],
        [200, undefined],
      ];
      assert.deepEqual(outcomes(isJoin, from), limited);
      assert.deepEqual(outcomes(isRead, from), limited);
      assert.deepEqual(outcomes(isSend, from), limited);
      const sends = w.hs.requests.slice(from).filter(byBot(isSend));
      assert.equal(sends[0].path, sends[1].path);
      assert.equal(w.botMessages(roomId).length, 1);
      const metrics = await w.metricsText();
      for (const endpoint of ['join', 'send', 'other'])
        assert.ok(
          metricValue(metrics, 'quorra_matrix_rate_limited_total', `endpoint="${endpoint}"`) >= 1,
          endpoint,
        );
      assert.equal(w.hs.pendingFaults, 0);
    });

    it('retries a failed send with backoff, and logs and counts a reply it could not deliver', async () => {
      const roomId = await w.dm(alice.mx);
      const before = await w.metricsText();
      const from = w.hs.requests.length;
      w.hs.failNext(1, { match: byBot(isSend) });
      w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'flaky network' });
      await w.botReplies(roomId, 1);
      assert.deepEqual(outcomes(isSend, from), [
        [500, 'M_UNKNOWN'],
        [200, undefined],
      ]);

      w.hs.failNext(3, { match: byBot(isSend) });
      const lost = w.hs.sendAsUser(alice.mx.userId, roomId, {
        msgtype: 'm.text',
        body: 'this answer gets lost',
      });
      const row = await w.finished(lost);
      assert.equal(row.status, 'failed');
      assert.match(row.reason ?? '', /could not deliver/);
      w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'and now?' });
      await w.botReplies(roomId, 2);
      const after = await w.metricsText();
      const delta = (name: string) =>
        metricValue(after, name, 'kind="reply"') - metricValue(before, name, 'kind="reply"');
      assert.equal(delta('quorra_matrix_send_failures_total'), 4);
      assert.equal(delta('quorra_matrix_undelivered_total'), 1);
    });

    it('delivers the outbox to a DM it opens and remembers: high urgency at once, the rest batched', async () => {
      const notify = house.notify!;
      const dora = await w.member('dora', 'Dora', 'member');
      const urgent = await notify(dora.user!.id, 'The boiler pressure is low', { urgency: 'high' });
      assert.equal(urgent.state, 'queued');
      const list = () => call(w.app, alice.user!, 'GET', '/matrix/outbox');
      const sent = await waitUntil(
        async () => (await list()).json.items.find((i: any) => i.id === urgent.id && i.state === 'sent'),
        10000,
        'the urgent notification',
      );
      const dm = sent.room_id as string;
      assert.equal(w.hs.membership(dm, dora.mx.userId), 'invite');
      assert.equal(
        w.hs.state.rooms.get(dm).getState('m.room.member', dora.mx.userId)?.content.is_direct,
        true,
      );
      assert.deepEqual(
        w.botMessages(dm).map((m) => m.content.body),
        ['The boiler pressure is low'],
      );

      await notify(dora.user!.id, 'Bins go out tonight');
      await notify(dora.user!.id, 'The milk was delivered', { urgency: 'low' });
      const [, batch] = await w.botReplies(dm, 2);
      assert.equal(
        batch.content.body,
        '**2 updates**\n\nBins go out tonight\n\n---\n\nThe milk was delivered',
      );
      const created = w.hs.requests.filter(byBot((r) => r.path.endsWith('/createRoom')));
      assert.equal(created.length, 1, 'the DM is remembered');
      assert.deepEqual(created[0].body.invite, [dora.mx.userId]);
      const counts = (await list()).json.counts;
      assert.equal(counts.sent, 3);
      assert.equal(counts.queued + counts.failed, 0);
    });

    it('retries outbox delivery until it is sent', async () => {
      const before = metricValue(
        await w.metricsText(),
        'quorra_matrix_outbox_deliveries_total',
        'outcome="failed"',
      );
      w.hs.failNext(3, { match: byBot(isSend) });
      const item = await house.notify!(alice.user!.id, 'The front door is open', { urgency: 'high' });
      const stored = await waitUntil(
        async () => {
          const r = await w.app.quorra.db.query(
            'SELECT state, attempts, last_error FROM matrix_outbox WHERE id = ?',
            [item.id],
          );
          return r[0].state === 'sent' && r[0];
        },
        10000,
        'the retried delivery',
      );
      assert.equal(stored.attempts, 1, 'one failed attempt before it was sent');
      const after = metricValue(
        await w.metricsText(),
        'quorra_matrix_outbox_deliveries_total',
        'outcome="failed"',
      );
      assert.equal(after - before, 1);
    });

    it('reports ok in /health with the E2EE note, and the sync metrics', async () => {
      const health = (await w.app.quorra.health.report()) as any;
      assert.equal(health.checks.matrix.status, 'ok');
      assert.equal(health.checks.matrix.userId, w.bot.userId);
      assert.match(health.checks.matrix.e2ee, /^E2EE (enabled|disabled: .+)$/);
      assert.equal(typeof health.checks.matrix.secondsSinceLastSync, 'number');
      const metrics = await w.metricsText();
      assert.ok(metricValue(metrics, 'quorra_matrix_sync_lag_seconds_count') > 0);
      assert.ok(metricValue(metrics, 'quorra_matrix_syncs_total', 'outcome="ok"') > 0);
      assert.ok(metricValue(metrics, 'quorra_matrix_events_received_total', 'kind="message"') > 0);
      assert.ok(metricValue(metrics, 'quorra_matrix_events_answered_total', 'how="reply"') > 0);
    });
  });

  describe('with Matrix off, then on', () => {
    const w = new MatrixWorld({ pluginRoots: [houseRoot] });
    after(() => w.close());

    it('keeps notifications queued while Matrix is off and delivers them once it runs', async () => {
      await w.start({ matrix: false });
      const health = (await w.app.quorra.health.report()) as any;
      assert.equal(health.checks.matrix.status, 'disabled');
      assert.equal(health.checks.matrix.reason, 'MATRIX_HOMESERVER_URL is not set');
      const alice = await w.member('alice', 'Alice', 'owner');
      const item = await house.notify!(alice.user!.id, 'Parcel at the door', { urgency: 'high' });
      assert.equal(item.state, 'queued');
      await w.app.stop();

      await w.boot();
      const [first] = await waitUntil(
        async () => {
          const rows = await w.app.quorra.db.query('SELECT state, room_id FROM matrix_outbox');
          return rows[0]?.state === 'sent' && rows;
        },
        10000,
        'the queued notification',
      );
      assert.deepEqual(
        w.botMessages(first.room_id).map((m) => m.content.body),
        ['Parcel at the door'],
      );
    });
  });

  it('reports degraded with the reason when the homeserver cannot be reached, and keeps serving', async () => {
    const app = await bootApp({
      config: { matrix: { homeserverUrl: 'http://127.0.0.1:9', accessToken: 'syt_nope' } },
      pluginRoots: [],
    });
    try {
      const health = (await app.quorra.health.report()) as any;
      assert.equal(health.checks.matrix.status, 'degraded');
      assert.match(health.checks.matrix.reason, /^not connected: .*ECONNREFUSED/);
      assert.equal(health.checks.db.status, 'ok');
    } finally {
      await app.stop({ clean: true });
    }
  });

  describe('logging in with a password', () => {
    const w = new MatrixWorld({ pluginRoots: [houseRoot] });
    after(() => w.close());

    it('logs in once with user and password, stores the token, and reuses it after a restart', async () => {
      await w.start({ matrix: false });
      await w.app.stop();
      const login = {
        matrix: { accessToken: undefined, userId: '@quorra:localhost', password: 'quorra-password' },
      };
      await w.boot(login);
      const logins = () => w.hs.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/login'));
      assert.equal(logins().length, 1);
      assert.equal(logins()[0].status, 200);
      const alice = await w.member('alice', 'Alice', 'owner');
      const roomId = await w.dm(alice.mx);
      w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'hello' });
      await w.botReplies(roomId, 1);
      await w.stopBot();
      await w.boot(login);
      w.hs.sendAsUser(alice.mx.userId, roomId, { msgtype: 'm.text', body: 'still there?' });
      await w.botReplies(roomId, 2);
      assert.equal(logins().length, 1, 'the stored token was used');
    });
  });
});
