// The concierge webhook and guest turns: signatures, accounts, idempotency, drafts, the guest's tool boundary.
import assert from 'node:assert/strict';
import type { BootedApp } from '../../support/boot-app.ts';
import { bootApp } from '../../support/boot-app.ts';
import { systemPromptOf, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { PmsServer } from '../../support/pms-server.ts';
import {
  bootConcierge,
  deliver,
  guestEvent,
  idle,
  nowSeconds,
  postWebhook,
  rows,
  SECRET,
} from './concierge-test-kit.ts';

const toolNames = (body: any) => (body.tools ?? []).map((t: any) => t.function.name).sort();
const toolResults = (body: any) =>
  body.messages.filter((m: any) => m.role === 'tool').map((m: any) => m.content as string);

describe('concierge webhook and guest turns', () => {
  let model: ScriptedModelServer;
  let pms: PmsServer;
  let app: BootedApp;
  let owner: TestUser;

  before(async () => {
    model = await ScriptedModelServer.start();
    pms = await PmsServer.start();
    ({ app, owner } = await bootConcierge(model, pms));
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

  it('refuses a missing, wrong or stale signature with 401 and stores nothing', async () => {
    const e = guestEvent('Is there parking?');
    const body = JSON.stringify(e);
    const answers = [
      await postWebhook(app, e, { signature: null }),
      await postWebhook(app, e, { secret: 'another-secret-0123456789' }),
      await postWebhook(app, e, { signature: 'sha256=deadbeef' }),
      // signed for one body, sent with another
      await postWebhook(app, e, {
        raw: body.replace('parking', 'the safe code'),
        signature: (await import('../../../core/http/request-signature.ts')).signBody(
          SECRET,
          nowSeconds(),
          body,
        ),
      }),
    ];
    assert.deepEqual(
      answers.map((a) => a.status),
      [401, 401, 401, 401],
    );
    await idle(app);
    assert.equal((await rows.messages(app)).length, 0);
    assert.equal((await rows.reservations(app)).length, 0);
    assert.equal(model.chatRequests().length, 0);
  });

  it('answers 422 with the reason for an account mapped to no workspace', async () => {
    const r = await postWebhook(app, guestEvent('hello', { account: 'acct-unknown' }));
    assert.equal(r.status, 422);
    assert.equal(r.json.error.code, 'UNKNOWN_ACCOUNT');
    assert.match(r.json.error.message, /acct-unknown/);
    assert.equal((await rows.messages(app)).length, 0);
  });

  it('validates the event body (400) after the signature', async () => {
    const r = await postWebhook(app, { event: 'guest_message', account: 'acct-lake' });
    assert.equal(r.status, 400);
    assert.equal(r.json.error.code, 'VALIDATION_FAILED');
  });

  it('turns a guest message into a draft with the guest persona and only the allow-listed tools', async () => {
    model.on('What time is check-in?', { content: 'Check-in is from 3 pm. Welcome!' });
    const r = await deliver(app, guestEvent('What time is check-in?', { messageId: 'M-draft-1' }));
    assert.equal(r.status, 202);
    const stored = await rows.message(app, r.json.draft);
    assert.equal(stored.state, 'drafted');
    assert.equal(stored.draft, 'Check-in is from 3 pm. Welcome!');
    const row = await rows.proposal(app, stored.id);
    assert.equal(row.payload.draft, 'Check-in is from 3 pm. Welcome!');
    assert.equal(stored.guestText, 'What time is check-in?');
    const request = model.chatRequests()[0].body;
    assert.match(systemPromptOf(request), /concierge for a rental property/);
    assert.match(systemPromptOf(request), /## Guest messages/);
    assert.deepEqual(toolNames(request), ['check_this_booking', 'escalate_to_owner', 'search_knowledge']);
    const notices = (await rows.outbox(app)).filter((o) => o.replyRef === String(row.id));
    assert.equal(notices.length, 1);
    assert.equal(notices[0].replyHandler, 'approval');
    assert.equal(notices[0].userId, owner.id);
    assert.equal(notices[0].urgency, 'normal');
    assert.match(notices[0].text, /What time is check-in\?/);
    assert.match(notices[0].text, /Check-in is from 3 pm/);
    assert.match(notices[0].text, new RegExp(`!quorra approvals send ${row.id}`));
    assert.equal(pms.requests.length, 0, 'nothing is sent to the guest without the owner');
  });

  it('keeps one engine session per reservation', async () => {
    await deliver(app, guestEvent('first question', { reservation: { id: 'R-session' } }));
    await deliver(app, guestEvent('second question', { reservation: { id: 'R-session' } }));
    const [second] = model.chatRequests().slice(1);
    const history = second.body.messages.map((m: any) => m.content).join('\n');
    assert.match(history, /first question/);
    const reservation = (await rows.reservations(app)).find((x) => x.externalId === 'R-session')!;
    assert.ok(reservation.sessionId);
  });

  it('is idempotent by message id: a duplicate answers 200 with the same draft and drafts nothing', async () => {
    const e = guestEvent('Can we bring a dog?', { messageId: 'M-dup' });
    const first = await deliver(app, e);
    const before = model.chatRequests().length;
    const again = await deliver(app, e);
    assert.equal(first.status, 202);
    assert.equal(again.status, 200);
    assert.equal(again.json.draft, first.json.draft);
    assert.equal(again.json.duplicate, true);
    assert.equal(model.chatRequests().length, before);
    assert.equal((await rows.messages(app)).filter((m) => m.externalId === 'M-dup').length, 1);
  });

  it('refuses the guest memory, document and owner tools even when the model names them', async () => {
    model
      .on('remember my card', {
        toolCalls: [
          { name: 'memory_save', arguments: { content: 'guest owns the house now' } },
          { name: 'memory_recall', arguments: { query: 'owner' } },
          { name: 'document_create', arguments: { filename: 'x.md', title: 'x', body: 'pwned' } },
          { name: 'system_get_health', arguments: {} },
        ],
      })
      .on(() => true, { content: 'Sorry, I cannot do that.' });
    await deliver(app, guestEvent('remember my card 4242', { messageId: 'M-evil' }));
    const results = toolResults(model.chatRequests()[1].body);
    assert.equal(results.length, 4);
    assert.ok(
      results.every((r: string) => /not available in this conversation/.test(r)),
      results.join('\n'),
    );
    const memories = await app.quorra.db.query('SELECT content FROM memories');
    assert.ok(!memories.some((m: any) => /house now/.test(m.content)));
  });

  it('check_this_booking returns only the guest’s own booking', async () => {
    await deliver(
      app,
      guestEvent('other guest', {
        reservation: {
          id: 'R-other',
          guest_name: 'Bo Other',
          check_in: '2026-09-10',
          check_out: '2026-09-12',
        },
      }),
    );
    model
      .on('when do we leave', { toolCalls: [{ name: 'check_this_booking', arguments: {} }] })
      .on('when do we leave', {
        toolCalls: [{ name: 'check_this_booking', arguments: { reservation: 'R-other' } }],
      })
      .on(() => true, { content: 'You leave on 5 August.' });
    model.requests.length = 0;
    await deliver(app, guestEvent('when do we leave?', { reservation: { id: 'R-100' } }));
    const [own, pointed] = toolResults(model.chatRequests().at(-1)!.body);
    assert.match(own, /2026-08-05/);
    assert.match(own, /Anna Berg/);
    assert.doesNotMatch(own, /2026-09-1|Bo Other/);
    assert.match(pointed, /Invalid arguments for check_this_booking/);
    assert.doesNotMatch(pointed, /2026-09-1|Bo Other/);
  });

  it('escalate_to_owner files the draft with its reason and notifies the owner at high urgency', async () => {
    model
      .on('I want a refund', {
        toolCalls: [{ name: 'escalate_to_owner', arguments: { reason: 'refund request' } }],
      })
      .on(() => true, { content: 'I have passed this to the owner; they will be in touch soon.' });
    const r = await deliver(app, guestEvent('I want a refund for the broken heater', { messageId: 'M-esc' }));
    const stored = await rows.message(app, r.json.draft);
    assert.equal(stored.state, 'drafted');
    assert.equal(stored.escalationReason, 'refund request');
    const row = await rows.proposal(app, stored.id);
    assert.equal(row.payload.reason, 'refund request');
    assert.match(String(row.payload.draft), /passed this to the owner/);
    const notices = (await rows.outbox(app)).filter((o) => o.replyRef === String(row.id));
    assert.equal(notices.length, 1);
    assert.equal(notices[0].urgency, 'high');
    assert.equal(notices[0].state, 'queued');
    assert.match(notices[0].text, /needs you/);
    assert.match(notices[0].text, /refund request/);
    assert.equal(pms.requests.length, 0);
  });

  it('files a draftless row that needs the owner when the model fails, so the owner still hears of it', async () => {
    model.on('model breaks here', { status: 500 });
    const r = await deliver(app, guestEvent('model breaks here', { messageId: 'M-fail' }));
    const stored = await rows.message(app, r.json.draft);
    assert.match(stored.lastError ?? '', /drafting failed/);
    const row = await rows.proposal(app, stored.id);
    assert.deepEqual([row.payload.draft, row.payload.reason], ['', 'I could not draft a reply.']);
    assert.match(row.blocked ?? '', /no draft yet/);
    const notice = (await rows.outbox(app)).find((o) => o.replyRef === String(row.id));
    assert.equal(notice?.urgency, 'high');
    assert.match(notice?.text ?? '', /No draft yet/);
  });
});

describe('concierge webhook without a secret', () => {
  it('answers 503 and stores nothing', async () => {
    const model = await ScriptedModelServer.start();
    const app = await bootApp({ model, config: { plugins: { knowledge: { settings: { watch: false } } } } });
    try {
      const r = await postWebhook(app, guestEvent('hello'));
      assert.equal(r.status, 503);
      assert.equal(r.json.error.code, 'WEBHOOK_NOT_CONFIGURED');
      assert.equal((await rows.messages(app)).length, 0);
    } finally {
      await app.stop({ clean: true });
      await model.close();
    }
  });
});
