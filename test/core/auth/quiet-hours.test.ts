// Quiet hours: when they hold (in the person's own zone, across midnight), what waits, and a child's one short line.
import assert from 'node:assert/strict';
import { QUIET_REPLY } from '../../../core/auth/child-reach.ts';
import { quietUntil } from '../../../core/auth/quiet-hours.ts';
import { OutboxItem } from '../../../core/matrix/outbox-item.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const zone = 'Europe/Berlin';
/** "HH:MM" in Berlin, `minutes` from now. */
const berlin = (minutes: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutes * 60_000));

describe('quiet hours', () => {
  it('holds across midnight in the person’s own time zone, and ends when they end', () => {
    // 2026-12-01 22:30 in Berlin is 21:30 UTC
    const at = new Date('2026-12-01T21:30:00Z');
    const night = { quietStart: '21:00', quietEnd: '07:00', timezone: zone };
    assert.equal(quietUntil(night, at)?.toISOString(), '2026-12-02T06:00:00.000Z');
    assert.equal(quietUntil({ ...night, timezone: 'America/New_York' }, at), null, '16:30 in New York');
    assert.equal(quietUntil(night, new Date('2026-12-02T06:30:00Z')), null, '07:30 in Berlin');
    assert.equal(
      quietUntil(
        { quietStart: '13:00', quietEnd: '15:00', timezone: 'UTC' },
        new Date('2026-12-01T14:00:00Z'),
      )?.toISOString(),
      '2026-12-01T15:00:00.000Z',
    );
    assert.equal(quietUntil({ quietStart: '21:00', quietEnd: '21:00', timezone: zone }, at), null);
    assert.equal(quietUntil({ quietStart: null, quietEnd: '07:00', timezone: zone }, at), null);
  });

  describe('in the app', () => {
    let model: ScriptedModelServer;
    let app: BootedApp;
    let parent: TestUser;
    let child: TestUser;

    before(async () => {
      model = await ScriptedModelServer.start();
      app = await bootApp({ model, config: { model: { toolsPerTurn: 64 } } });
      parent = await addUser(app, 'Olivia', 'owner', { timezone: zone });
      child = await addUser(app, 'Mia', 'member', { timezone: zone });
      assert.equal(
        (await call(app, parent, 'PATCH', `/admin/users/${child.id}`, { child: true })).status,
        200,
      );
    });
    after(async () => {
      await app.stop({ clean: true });
      await model.close();
    });

    it('holds a notice for a parent in quiet hours until they end, saying it waited', async () => {
      const set = await call(app, parent, 'PATCH', `/admin/users/${parent.id}`, {
        quiet_hours: { start: berlin(-60), end: berlin(90) },
      });
      assert.equal(set.status, 200, JSON.stringify(set.json));
      assert.deepEqual(set.json.user.quiet_hours, { start: berlin(-60), end: berlin(90) });
      model
        .next({
          toolCalls: [
            {
              name: 'ask_a_parent',
              arguments: {
                tool: 'memory_save',
                arguments: { content: 'I like owls' },
                wish: 'remember I like owls',
              },
            },
          ],
        })
        .next({ content: 'I asked.' });
      await chat(app, child, { message: 'remember I like owls', scope: ['general'] });
      const [held] = await app.quorra.db.getRepository(OutboxItem).findBy({ userId: parent.id });
      assert.match(held.text, /^\(Held during your quiet hours; this came at \d\d:\d\d\.\)\n\n/);
      const wait = held.nextAttemptAt!.getTime() - Date.now();
      assert.ok(wait > 85 * 60_000 && wait <= 90 * 60_000, `held for ${Math.round(wait / 60_000)} min`);
      assert.equal(
        (await call(app, parent, 'PATCH', `/admin/users/${parent.id}`, { quiet_hours: null })).json.user
          .quiet_hours,
        null,
      );
    });

    it('gives a child one short line and nothing else during quiet hours, when a parent asked for it', async () => {
      await call(app, parent, 'PATCH', `/admin/users/${child.id}`, {
        quiet_hours: { start: berlin(-30), end: berlin(30) },
        quiet_reply: true,
      });
      model.reset();
      const r = await chat(app, child, { message: 'can you tell me a story?', scope: ['general'] });
      assert.equal(r.json.reply, QUIET_REPLY);
      assert.equal(model.chatRequests().length, 0, 'no model call, no tools');
      await call(app, parent, 'PATCH', `/admin/users/${child.id}`, { quiet_reply: false });
      model.next({ content: 'Once upon a time…' });
      assert.equal(
        (await chat(app, child, { message: 'a story?', scope: ['general'] })).json.reply,
        'Once upon a time…',
      );
    });

    it('refuses quiet hours that are not clock times', async () => {
      const r = await call(app, parent, 'PATCH', `/admin/users/${child.id}`, {
        quiet_hours: { start: '9pm', end: '07:00' },
      });
      assert.equal(r.status, 400);
      assert.match(JSON.stringify(r.json), /a time like 21:00/);
    });
  });
});
