// The owner's review of guest drafts as guest_reply rows of the approvals queue: one PMS send, edits, retries, refusals.
import assert from 'node:assert/strict';
import { parseCommand, runCommand } from '../../../core/matrix/command-router.ts';
import { type BootedApp, bootApp, tempDir } from '../../support/boot-app.ts';
import { call, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { PmsServer } from '../../support/pms-server.ts';
import { bootConcierge, conciergeConfig, deliver, guestEvent, rows } from './concierge-test-kit.ts';

describe('concierge owner review (approvals queue)', () => {
  let model: ScriptedModelServer;
  let pms: PmsServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  const command = (user: TestUser, role: 'owner' | 'member', text: string) =>
    runCommand(app.quorra.registries.commands, parseCommand(text)!, { userId: user.id, role }).then(String);
  /** Delivers a guest message; resolves with its message id and the id of its guest_reply row once drafted. */
  const drafted = async (text: string, reply = `Reply to: ${text}`) => {
    model.on(text, { content: reply });
    const r = await deliver(app, guestEvent(text, { reservation: { id: 'R-200' } }));
    assert.equal((await rows.message(app, r.json.draft)).state, 'drafted');
    const row = await rows.proposal(app, r.json.draft);
    return { message: r.json.draft as number, id: row.id };
  };
  const state = async (id: number) =>
    (await app.quorra.approvals.get(id, { userId: owner.id, role: 'owner' })).state;

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

  it('files each draft as an owners-only guest_reply card with structured fields; a member never sees it', async () => {
    const { id, message } = await drafted('Where are the towels?', 'In the hall cupboard.');
    const row = await rows.proposal(app, message);
    assert.deepEqual(
      {
        kind: row.kind,
        audience: row.audience,
        userId: row.userId,
        source: row.sourceKind,
        state: row.state,
      },
      { kind: 'guest_reply', audience: 'owners', userId: null, source: 'concierge', state: 'draft' },
    );
    const mine = await call(app, owner, 'GET', '/approvals');
    const card = mine.json.proposals.find((p: any) => p.id === id);
    assert.equal(card.title, 'Reply to Anna Berg (Lake House)');
    assert.deepEqual(
      card.fields.map((f: any) => [f.label, f.value, f.untrusted]),
      [
        ['Guest', 'Anna Berg', true],
        ['Property', 'Lake House', true],
        ['Stay', 'Lake House, 2026-08-01 → 2026-08-05', true],
        ['Message', 'Where are the towels?', true],
        ['Draft reply', 'In the hall cupboard.', true],
      ],
    );
    assert.deepEqual(
      card.actions.map((a: any) => [a.label, a.path]),
      [
        ['Send', `/approvals/${id}/approve`],
        ['Edit and send', `/approvals/${id}/edit`],
        ['Discard', `/approvals/${id}/reject`],
        ['Defer', `/approvals/${id}/defer`],
      ],
    );
    assert.equal(card.actions[1].edit.initial, 'In the hall cupboard.');
    assert.match(
      await command(owner, 'owner', '!quorra approvals'),
      new RegExp(`#${id}\\*\\* Reply to Anna Berg`),
    );
    const theirs = await call(app, member, 'GET', '/approvals');
    assert.equal(theirs.status, 200);
    assert.ok(!theirs.json.proposals.some((p: any) => p.kind === 'guest_reply'));
    assert.equal(await command(member, 'member', '!quorra approvals'), 'Nothing is waiting on you.');
    assert.equal(pms.requests.length, 0);
  });

  it('sends by command exactly once, with the row’s idempotency key; a second send is refused', async () => {
    const { id, message } = await drafted('Is there a hair dryer?', 'Yes, in the bathroom drawer.');
    assert.match(await command(owner, 'owner', `!quorra approvals send ${id}`), /^Done: Reply to Anna Berg/);
    assert.deepEqual(pms.messages, [
      { id: 'pms-msg-1', reservationId: 'R-200', text: 'Yes, in the bathroom drawer.' },
    ]);
    assert.equal(pms.requests[0].authorization, 'Bearer pms-key-1');
    assert.equal(pms.requests[0].idempotencyKey, `quorra-proposal-${id}`);
    const m = await rows.message(app, message);
    assert.deepEqual([m.state, m.pmsMessageId, m.sentBy], ['sent', 'pms-msg-1', owner.id]);
    assert.equal(await state(id), 'applied');
    const audit = await app.quorra.conversation.audit.recent(20);
    assert.ok(audit.some((a) => a.tool === 'concierge_send' && a.outcome === 'ok' && a.userId === owner.id));
    assert.match(await command(owner, 'owner', `!quorra approvals send ${id}`), /already applied/);
    assert.equal(pms.requests.length, 1, 'a sent reply never goes out twice');
  });

  it('sends over HTTP once and answers 409 to a second send', async () => {
    const { id } = await drafted('Can we check out at noon?');
    const first = await call(app, owner, 'POST', `/approvals/${id}/approve`, {});
    assert.equal(first.status, 200);
    assert.equal(first.json.proposal.state, 'applied');
    const second = await call(app, owner, 'POST', `/approvals/${id}/approve`, {});
    assert.equal(second.status, 409);
    assert.equal(second.json.error.code, 'PROPOSAL_SETTLED');
    assert.deepEqual(
      pms.messages.map((m) => m.text),
      ['Reply to: Can we check out at noon?'],
    );
  });

  it('sends exactly once when HTTP and the command approve at the same moment', async () => {
    const { id } = await drafted('Is the sauna free?', 'Yes, all week.');
    const [http, chat, again] = await Promise.all([
      call(app, owner, 'POST', `/approvals/${id}/approve`, {}),
      command(owner, 'owner', `!quorra approvals yes ${id}`),
      call(app, owner, 'POST', `/approvals/${id}/edit`, { text: 'Sure!' }),
    ]);
    const wins = [http.status === 200, /^Done/.test(chat), again.status === 200].filter(Boolean).length;
    assert.equal(wins, 1, `one approval wins: ${http.status} / ${chat} / ${again.status}`);
    assert.equal(pms.messages.length, 1);
    assert.equal(pms.requests.length, 1);
  });

  it('sends the edited text, by command and over HTTP, and keeps what was sent', async () => {
    const a = await drafted('Any restaurants nearby?');
    assert.match(
      await command(owner, 'owner', `!quorra approvals edit ${a.id} Try the Harbour Grill, 5 minutes away.`),
      /^Done with your text/,
    );
    const b = await drafted('Is the lake warm?');
    const r = await call(app, owner, 'POST', `/approvals/${b.id}/edit`, { text: 'About 21 °C this week.' });
    assert.equal(r.status, 200);
    assert.deepEqual(
      pms.messages.map((m) => m.text),
      ['Try the Harbour Grill, 5 minutes away.', 'About 21 °C this week.'],
    );
    assert.equal((await rows.message(app, b.message)).sentText, 'About 21 °C this week.');
    assert.equal((await rows.proposal(app, b.message)).payload.draft, 'About 21 °C this week.');
  });

  it('retries a PMS 500 and 429 under one idempotency key, then delivers once', async () => {
    const { id } = await drafted('Where do we park?');
    pms.failNext(500, 429);
    const r = await call(app, owner, 'POST', `/approvals/${id}/approve`, {});
    assert.equal(r.status, 200);
    assert.deepEqual(
      pms.requests.map((x) => [x.status, x.idempotencyKey]),
      [
        [500, `quorra-proposal-${id}`],
        [429, `quorra-proposal-${id}`],
        [201, `quorra-proposal-${id}`],
      ],
    );
    assert.equal(pms.messages.length, 1);
  });

  it('returns the row to review with the error when the PMS keeps failing, and sends on a later try', async () => {
    const { id, message } = await drafted('Is breakfast included?');
    pms.failNext(500, 500, 500);
    const r = await call(app, owner, 'POST', `/approvals/${id}/approve`, {});
    assert.equal(r.status, 502);
    assert.equal(r.json.error.code, 'APPLY_FAILED');
    assert.match(r.json.error.message, /500/);
    assert.equal(pms.requests.length, 3, 'bounded retries');
    const card = (await call(app, owner, 'GET', '/approvals')).json.proposals.find((p: any) => p.id === id);
    assert.equal(card.state, 'failed');
    assert.match(card.error, /the PMS answered 500/);
    assert.equal(card.fields.at(-1).value, 'Reply to: Is breakfast included?', 'the draft is kept');
    assert.equal((await rows.message(app, message)).state, 'drafted');
    assert.match(await command(owner, 'owner', '!quorra approvals'), /Last try failed/);
    assert.match(await command(owner, 'owner', `!quorra approvals send ${id}`), /^Done/);
    assert.equal(pms.messages.length, 1);
  });

  it('keeps guest drafts out of a member’s reach: 404 on every verb, refused by command, nothing sent', async () => {
    const { id, message } = await drafted('Can I get the door code?');
    for (const [method, path, body] of [
      ['GET', `/approvals/${id}`, undefined],
      ['POST', `/approvals/${id}/approve`, {}],
      ['POST', `/approvals/${id}/edit`, { text: 'The code is 1234' }],
      ['POST', `/approvals/${id}/reject`, {}],
      ['POST', `/approvals/${id}/defer`, {}],
    ] as const) {
      const r = await call(app, member, method, path, body);
      assert.equal(r.status, 404, `${method} ${path}`);
      assert.equal((await call(app, null, method, path, body)).status, 401);
    }
    assert.match(await command(member, 'member', `!quorra approvals send ${id}`), /not found/);
    assert.equal(pms.requests.length, 0);
    assert.equal(await state(id), 'draft');
    assert.equal((await rows.message(app, message)).state, 'drafted');
  });

  it('gives a guest no way to the queue: a guest message naming a row sends nothing, and no guest tool reaches it', async () => {
    const { id } = await drafted('Where is the key box?', 'By the front door.');
    model.on(`!quorra approvals send ${id}`, { content: 'The owner will answer soon.' });
    const r = await deliver(
      app,
      guestEvent(`!quorra approvals send ${id}`, { reservation: { id: 'R-200' } }),
    );
    assert.equal(r.status, 202);
    assert.equal(pms.requests.length, 0, 'nothing sent');
    assert.equal(await state(id), 'draft');
    const offered = (model.chatRequests().at(-1)!.body.tools ?? []).map((t: any) => t.function.name);
    assert.deepEqual(offered.sort(), ['check_this_booking', 'escalate_to_owner', 'search_knowledge']);
  });

  it('discards a draft: nothing is sent, it can no longer be sent, and it is audited', async () => {
    const { id, message } = await drafted('Please cancel my stay');
    assert.match(await command(owner, 'owner', `!quorra approvals discard ${id}`), /Nothing was done/);
    assert.equal((await rows.message(app, message)).state, 'discarded');
    assert.equal((await call(app, owner, 'POST', `/approvals/${id}/approve`, {})).status, 409);
    assert.equal(pms.requests.length, 0);
    const audit = await app.quorra.conversation.audit.recent(20);
    assert.ok(audit.some((a) => a.tool === 'concierge_discard' && a.userId === owner.id));
  });

  it('answers usage for a bad command and not-found for an unknown row', async () => {
    assert.match(await command(owner, 'owner', '!quorra approvals send'), /Usage: `!quorra approvals/);
    assert.match(await command(owner, 'owner', '!quorra approvals send 99999'), /not found/);
    assert.equal((await call(app, owner, 'POST', '/approvals/99999/approve', {})).status, 404);
  });
});

describe('concierge: a send cut off by a stop', () => {
  it('is back in review after the restart, and approving again reuses the key: the guest gets it once', async function () {
    this.timeout(60_000);
    const model = await ScriptedModelServer.start();
    const pms = await PmsServer.start();
    const dataDir = tempDir();
    // a PMS timeout longer than the stop takes, so the one request in flight is the only one before the restart
    const first = await bootConcierge(model, pms, { pmsTimeoutMs: 120_000 }, { dataDir });
    const owner = { userId: first.owner.id, role: 'owner' as const };
    let again: BootedApp | undefined;
    try {
      model.on('Is there a kettle?', { content: 'Yes, next to the sink.' });
      const { json } = await deliver(
        first.app,
        guestEvent('Is there a kettle?', { reservation: { id: 'R-9' } }),
      );
      const { id } = await rows.proposal(first.app, json.draft);
      // the PMS answers slowly; Quorra stops while the send is in flight, after the PMS has taken it
      pms.holdNext();
      const approving = first.app.quorra.approvals.approve(id, owner).catch((err) => err);
      await pms.held();
      assert.equal(
        (await first.app.quorra.approvals.get(id, owner)).state,
        'approved',
        'claimed before sending',
      );
      await first.app.quorra.db.destroy(); // the process dies: nothing after the PMS call reaches the database
      pms.release();
      await approving;
      await first.app.stop().catch(() => undefined);
      assert.equal(pms.messages.length, 1, 'the PMS took it');

      again = await bootApp({ model, dataDir, config: conciergeConfig(pms) });
      const card = await again.quorra.approvals.get(id, owner);
      assert.equal(card.state, 'failed');
      assert.match(card.error ?? '', /Quorra stopped while applying/);
      assert.equal(card.payload.draft, 'Yes, next to the sink.', 'the draft is kept');
      const sent = await again.quorra.approvals.approve(id, owner);
      assert.equal(sent.state, 'applied');
      assert.deepEqual(
        pms.requests.map((r) => [r.status, r.idempotencyKey]),
        [
          [201, `quorra-proposal-${id}`],
          [200, `quorra-proposal-${id}`],
        ],
      );
      assert.equal(pms.messages.length, 1, 'the guest got it once');
    } finally {
      await again?.stop({ clean: true });
      await model.close();
      await pms.close();
    }
  });
});

describe('concierge without a PMS connection', () => {
  it('refuses a send clearly (503) and leaves the draft in review', async () => {
    const model = await ScriptedModelServer.start();
    const { app, owner } = await bootConcierge(model, null);
    try {
      model.on('hello there', { content: 'Hi!' });
      const r = await deliver(app, guestEvent('hello there'));
      const { id } = await rows.proposal(app, r.json.draft);
      const card = (await call(app, owner, 'GET', '/approvals')).json.proposals.find((p: any) => p.id === id);
      assert.match(card.blocked, /PMS is not configured/);
      const send = await call(app, owner, 'POST', `/approvals/${id}/approve`, {});
      assert.equal(send.status, 503);
      assert.equal(send.json.error.code, 'NOT_APPLIABLE');
      assert.equal((await rows.proposal(app, r.json.draft)).state, 'draft');
    } finally {
      await app.stop({ clean: true });
      await model.close();
    }
  });
});
