// The webhook as a stranger meets it: fresh signed timestamps only, real dates in order, text that cannot lie.
import assert from 'node:assert/strict';
import type { BootedApp } from '../../support/boot-app.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { bootConcierge, guestEvent, idle, nowSeconds, postWebhook, rows } from './concierge-test-kit.ts';

describe('concierge webhook validation', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;

  before(async () => {
    model = await ScriptedModelServer.start();
    ({ app } = await bootConcierge(model, null));
  });
  after(async () => {
    await idle(app);
    await app.stop({ clean: true });
    await model.close();
  });

  const stored = async () => (await rows.messages(app)).length;

  it('refuses a correctly signed body whose timestamp is missing or more than 300 s away (a replay)', async () => {
    const before = await stored();
    const e = guestEvent('Can we check in early?', { messageId: 'M-replay' });
    // 330 s, not 301: on a loaded machine a second or more passes between stamping and checking, and a stamp
    // 301 s ahead would slide back inside the window
    for (const timestamp of [null, nowSeconds() - 330, nowSeconds() + 330, nowSeconds() - 86_400]) {
      const r = await postWebhook(app, e, { timestamp });
      assert.equal(r.status, 401, `timestamp ${timestamp}`);
      assert.match(r.json.error.message, /x-quorra-timestamp/i);
    }
    assert.equal(await stored(), before);
    const fresh = await postWebhook(app, e, { timestamp: nowSeconds() - 250 });
    assert.equal(fresh.status, 202);
    // a second delivery within the window is still deduplicated by message id
    const again = await postWebhook(app, e);
    assert.equal(again.status, 200);
    assert.equal(again.json.duplicate, true);
    assert.equal(await stored(), before + 1);
  });

  it('refuses a signature made for another timestamp', async () => {
    const e = guestEvent('hello');
    const raw = JSON.stringify(e);
    const { signBody } = await import('../../../core/http/request-signature.ts');
    const r = await postWebhook(app, e, {
      raw,
      timestamp: nowSeconds(),
      signature: signBody('test-webhook-secret-0123456789', nowSeconds() - 1000, raw),
    });
    assert.equal(r.status, 401);
  });

  it('wants real calendar dates with check_out after check_in (400 with the field)', async () => {
    const before = await stored();
    const cases: [Record<string, string>, string][] = [
      [{ check_in: '2026-13-45' }, 'reservation.check_in'],
      [{ check_out: '2026-12-01T25:99' }, 'reservation.check_out'],
      [{ check_in: '2026-02-29' }, 'reservation.check_in'],
      [{ check_in: 'tomorrow' }, 'reservation.check_in'],
      [{ check_in: '2026-08-05', check_out: '2026-08-01' }, 'reservation.check_out'],
      [{ check_in: '2026-08-05', check_out: '2026-08-05' }, 'reservation.check_out'],
    ];
    for (const [reservation, path] of cases) {
      const r = await postWebhook(app, guestEvent('hi', { reservation }));
      assert.equal(r.status, 400, JSON.stringify(reservation));
      assert.equal(r.json.error.code, 'VALIDATION_FAILED');
      assert.ok(
        r.json.error.details.some((d: any) => d.path === path),
        `${JSON.stringify(reservation)} → ${JSON.stringify(r.json.error.details)}`,
      );
    }
    const times = await postWebhook(
      app,
      guestEvent('late arrival', {
        reservation: { id: 'R-times', check_in: '2026-08-01T15:00:00+02:00', check_out: '2026-08-03T10:00' },
      }),
    );
    assert.equal(times.status, 202);
    assert.equal(await stored(), before + 1);
  });

  it('refuses NUL and lone surrogates with the field path; stores guest labels without bidi tricks', async () => {
    const before = await stored();
    const nul = await postWebhook(app, guestEvent('hi', { reservation: { guest_name: 'Anna\u0000' } }));
    assert.equal(nul.status, 400);
    assert.equal(nul.json.error.details[0].path, 'reservation.guest_name');
    const lone = await postWebhook(app, null, {
      raw: JSON.stringify(guestEvent('hi')).replace('"hi"', '"hi \\udc01"'),
    });
    assert.equal(lone.status, 400);
    assert.equal(lone.json.error.details[0].path, 'message.text');
    assert.equal(await stored(), before);
    const r = await postWebhook(
      app,
      guestEvent('Hello\u200B there', {
        reservation: { id: 'R-bidi', guest_name: 'Anna\u202E dnuofer\u2066\n Berg' },
      }),
    );
    assert.equal(r.status, 202);
    const reservation = (await rows.reservations(app)).find((x) => x.externalId === 'R-bidi');
    assert.equal(reservation?.guestName, 'Anna dnuofer Berg');
  });
});
