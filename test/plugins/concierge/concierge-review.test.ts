// The owner's review of guest drafts: sending through the PMS by command and HTTP, edits, retries, refusals.
import assert from 'node:assert/strict';
import { parseCommand, runCommand } from '../../../core/matrix/command-router.ts';
import type { BootedApp } from '../../support/boot-app.ts';
import { call, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { PmsServer } from '../../support/pms-server.ts';
import { bootConcierge, deliver, guestEvent, rows } from './concierge-test-kit.ts';

describe('concierge owner review', () => {
  let model: ScriptedModelServer;
  let pms: PmsServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  const command = (user: TestUser, role: 'owner' | 'member', text: string) =>
    runCommand(app.quorra.registries.commands, parseCommand(text)!, { userId: user.id, role }).then(String);
  /** Delivers a guest message and returns its draft number once drafted. */
  const drafted = async (text: string, reply = `Reply to: ${text}`): Promise<number> => {
    model.on(text, { content: reply });
    const r = await deliver(app, guestEvent(text, { reservation: { id: 'R-200' } }));
    assert.equal((await rows.message(app, r.json.draft)).state, 'draft_ready');
    return r.json.draft;
  };

  before(async () => {
    model = await ScriptedModelServer.start();
    pms = await PmsServer.start();
    ({ app, owner, member } = await bootConcierge(model, pms));
  });
  beforeEach(() => {
    model.reset();
    pms.reset();
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
    await pms.close();
  });

  it('lists open drafts for the owner, by command and over HTTP', async () => {
    const n = await drafted('Where are the towels?');
    assert.match(await command(owner, 'owner', '!quorra concierge'), new RegExp(`#${n}[\\s\\S]*towels`));
    const r = await call(app, owner, 'GET', '/plugins/concierge/drafts');
    assert.equal(r.status, 200);
    const d = r.json.drafts.find((x: any) => x.id === n);
    assert.equal(d.draft, 'Reply to: Where are the towels?');
    assert.equal(d.guest, 'Anna Berg');
    assert.equal(pms.requests.length, 0);
  });

  it('shows open drafts in !quorra approvals for the owner, never for a member', async () => {
    const n = await drafted('Is there a hair dryer?', 'Yes, in the bathroom drawer.');
    const mine = await command(owner, 'owner', '!quorra approvals');
    assert.match(mine, /reply to Anna Berg.*“Yes, in the bathroom drawer\.”/);
    assert.match(mine, new RegExp(`!quorra concierge send ${n}`));
    assert.equal(await command(member, 'member', '!quorra approvals'), 'Nothing is waiting on you.');
  });

  it('sends a draft by command: the PMS gets it exactly once, with the key', async () => {
    const n = await drafted('Is there a hair dryer?', 'Yes, in the bathroom drawer.');
    assert.match(await command(owner, 'owner', `!quorra concierge send ${n}`), /Sent #\d+ to Anna Berg/);
    assert.equal(pms.messages.length, 1);
    assert.deepEqual(pms.messages[0], {
      id: 'pms-msg-1',
      reservationId: 'R-200',
      text: 'Yes, in the bathroom drawer.',
    });
    assert.equal(pms.requests[0].authorization, 'Bearer pms-key-1');
    const row = await rows.message(app, n);
    assert.equal(row.state, 'sent');
    assert.equal(row.pmsMessageId, 'pms-msg-1');
    assert.equal(row.sentBy, owner.id);
    const audit = await app.quorra.conversation.audit.recent(20);
    assert.ok(audit.some((a) => a.tool === 'concierge_send' && a.outcome === 'ok' && a.userId === owner.id));
    assert.match(await command(owner, 'owner', `!quorra concierge send ${n}`), /already sent/);
    assert.equal(pms.messages.length, 1, 'a sent draft never goes out twice');
  });

  it('sends over HTTP once, and answers 409 to a second send', async () => {
    const n = await drafted('Can we check out at noon?');
    const first = await call(app, owner, 'POST', `/plugins/concierge/drafts/${n}/send`, {});
    assert.equal(first.status, 200);
    assert.equal(first.json.draft.state, 'sent');
    const second = await call(app, owner, 'POST', `/plugins/concierge/drafts/${n}/send`, {});
    assert.equal(second.status, 409);
    assert.equal(second.json.error.code, 'ALREADY_SENT');
    assert.equal(pms.messages.length, 1);
    assert.equal(pms.messages[0].text, 'Reply to: Can we check out at noon?');
  });

  it('sends the edited text, by command and over HTTP', async () => {
    const a = await drafted('Any restaurants nearby?');
    assert.match(
      await command(owner, 'owner', `!quorra concierge edit ${a} Try the Harbour Grill, 5 minutes away.`),
      /edited/,
    );
    const b = await drafted('Is the lake warm?');
    const r = await call(app, owner, 'POST', `/plugins/concierge/drafts/${b}/send`, {
      text: 'About 21 °C this week.',
    });
    assert.equal(r.status, 200);
    assert.deepEqual(
      pms.messages.map((m) => m.text),
      ['Try the Harbour Grill, 5 minutes away.', 'About 21 °C this week.'],
    );
    assert.equal((await rows.message(app, b)).sentText, 'About 21 °C this week.');
  });

  it('retries a PMS 500 and 429, then succeeds once', async () => {
    const n = await drafted('Where do we park?');
    pms.failNext(500, 429);
    const r = await call(app, owner, 'POST', `/plugins/concierge/drafts/${n}/send`, {});
    assert.equal(r.status, 200);
    assert.deepEqual(
      pms.requests.map((x) => x.status),
      [500, 429, 201],
    );
    assert.equal(pms.messages.length, 1);
    assert.equal((await rows.message(app, n)).state, 'sent');
  });

  it('keeps the draft open with the error when the PMS keeps failing, and sends on a later try', async () => {
    const n = await drafted('Is breakfast included?');
    pms.failNext(500, 500, 500);
    const r = await call(app, owner, 'POST', `/plugins/concierge/drafts/${n}/send`, {});
    assert.equal(r.status, 502);
    assert.equal(r.json.error.code, 'PMS_SEND_FAILED');
    assert.equal(pms.requests.length, 3, 'bounded retries');
    const row = await rows.message(app, n);
    assert.equal(row.state, 'draft_ready');
    assert.match(row.lastError ?? '', /500/);
    assert.match(await command(owner, 'owner', '!quorra concierge'), /Last send failed/);
    assert.match(await command(owner, 'owner', `!quorra concierge send ${n}`), /Sent #/);
    assert.equal(pms.messages.length, 1);
  });

  it('lets only the owner send or list: a member gets 403 and the owner-only command message', async () => {
    const n = await drafted('Can I get the door code?');
    const list = await call(app, member, 'GET', '/plugins/concierge/drafts');
    const send = await call(app, member, 'POST', `/plugins/concierge/drafts/${n}/send`, {});
    const anon = await call(app, null, 'POST', `/plugins/concierge/drafts/${n}/send`, {});
    assert.equal(list.status, 403);
    assert.equal(send.status, 403);
    assert.equal(anon.status, 401);
    assert.match(await command(member, 'member', `!quorra concierge send ${n}`), /Only the owner/);
    assert.equal(pms.requests.length, 0);
    assert.equal((await rows.message(app, n)).state, 'draft_ready');
  });

  it('discards a draft: nothing is sent and it can no longer be sent', async () => {
    const n = await drafted('Please cancel my stay');
    assert.match(await command(owner, 'owner', `!quorra concierge discard ${n}`), /Discarded/);
    const r = await call(app, owner, 'POST', `/plugins/concierge/drafts/${n}/send`, {});
    assert.equal(r.status, 409);
    assert.equal(pms.requests.length, 0);
  });

  it('answers usage for a bad command and 404 for an unknown draft', async () => {
    assert.match(await command(owner, 'owner', '!quorra concierge send'), /Usage: `!quorra concierge/);
    assert.match(await command(owner, 'owner', '!quorra concierge send 99999'), /not found/);
    assert.equal((await call(app, owner, 'POST', '/plugins/concierge/drafts/99999/send', {})).status, 404);
  });

  it('never sends a draft without the owner', async () => {
    await drafted('Just saying hello!');
    await deliver(app, guestEvent('Another hello', { reservation: { id: 'R-201' } }));
    assert.equal(pms.requests.length, 0);
    assert.ok((await rows.messages(app)).every((m) => m.state !== 'sent' || m.sentBy === owner.id));
  });
});

describe('concierge without a PMS connection', () => {
  it('fails a send clearly (503) and leaves the draft open', async () => {
    const model = await ScriptedModelServer.start();
    const { app, owner } = await bootConcierge(model, null);
    try {
      model.on('hello there', { content: 'Hi!' });
      const r = await deliver(app, guestEvent('hello there'));
      const send = await call(app, owner, 'POST', `/plugins/concierge/drafts/${r.json.draft}/send`, {});
      assert.equal(send.status, 503);
      assert.equal(send.json.error.code, 'PMS_NOT_CONFIGURED');
      assert.equal((await rows.message(app, r.json.draft)).state, 'draft_ready');
    } finally {
      await app.stop({ clean: true });
      await model.close();
    }
  });
});
