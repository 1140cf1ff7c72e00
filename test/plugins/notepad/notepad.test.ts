// The notepad through the running app: idempotent capture, triage outcomes, apply success and failure, ask, defer, corrections, review replies.
import assert from 'node:assert/strict';
import { parseCommand, runCommand } from '../../../core/matrix/command-router.ts';
import type { NotepadService } from '../../../plugins/notepad/notepad-service.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { answer, triageCall } from './triage-script.ts';

describe('notepad plugin', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let service: NotepadService;

  before(async () => {
    model = await ScriptedModelServer.start();
    const finance = { settings: { timezone: 'UTC', budgets: [{ id: 'household', name: 'Household' }] } };
    app = await bootApp({ model, config: { plugins: { finance } } });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    service = (app.quorra.plugins.api('notepad') as { service: NotepadService }).service;
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app?.stop({ clean: true });
    await model?.close();
  });

  const jot = async (user: TestUser, text: string, clientId = `c-${Math.random()}`) =>
    (await call(app, user, 'POST', '/plugins/notepad/items', { text, client_id: clientId })).json
      .id as number;
  const state = async (user: TestUser, id: number) =>
    (await call(app, user, 'GET', '/plugins/notepad/items')).json.items.find((j: any) => j.id === id);

  it('captures idempotently: a replayed client id answers the first jot and stores nothing new', async () => {
    const first = await call(app, member, 'POST', '/plugins/notepad/items', {
      text: 'call the plumber',
      client_id: 'k1',
    });
    const again = await call(app, member, 'POST', '/plugins/notepad/items', {
      text: 'call the plumber',
      client_id: 'k1',
    });
    assert.equal(first.status, 201);
    assert.equal(again.status, 200);
    assert.equal(again.json.id, first.json.id);
    const items = (await call(app, member, 'GET', '/plugins/notepad/items')).json.items;
    assert.equal(items.filter((j: any) => j.text === 'call the plumber').length, 1);
    assert.equal(
      (await call(app, member, 'POST', '/plugins/notepad/items', { text: '', client_id: 'k2' })).status,
      400,
    );
    assert.equal(
      (await call(app, null, 'POST', '/plugins/notepad/items', { text: 'x', client_id: 'k3' })).status,
      401,
    );
    await call(app, member, 'POST', '/plugins/notepad/triage-now');
  });

  it('!note captures once per Matrix event and acknowledges with a reaction', async () => {
    const run = () =>
      runCommand(app.quorra.registries.commands, parseCommand('!note  buy\nbatteries')!, {
        userId: member.id,
        role: 'member',
        eventId: '$event-1',
      });
    assert.deepEqual(await run(), { react: '✓' });
    assert.deepEqual(await run(), { react: '✓' });
    const items = (await call(app, member, 'GET', '/plugins/notepad/items')).json.items;
    assert.equal(items.filter((j: any) => j.text === 'buy\nbatteries').length, 1);
    assert.match(
      String(
        await runCommand(app.quorra.registries.commands, parseCommand('!note')!, {
          userId: member.id,
          role: 'member',
        }),
      ),
      /Usage/,
    );
    model.always(triageCall, answer([]));
    await call(app, member, 'POST', '/plugins/notepad/triage-now');
  });

  it('triages: propose, ask and no_action stored; an unaccounted jot stays captured for the next pass', async () => {
    const a = await jot(owner, 'remember that the bins go out on Tuesday');
    const b = await jot(owner, 'lunch with Sam');
    const c = await jot(owner, 'nice weather today');
    const d = await jot(owner, 'something the model forgets');
    model.on(
      triageCall,
      answer([
        {
          jot: a,
          outcome: 'propose',
          actions: [{ kind: 'memory', payload: { content: 'The bins go out on Tuesday.' } }],
        },
        { jot: b, outcome: 'ask', question: 'Which Sam, and when?' },
        { jot: c, outcome: 'no_action', note: 'small talk' },
      ]),
    );
    const r = await call(app, owner, 'POST', '/plugins/notepad/triage-now');
    assert.deepEqual(
      {
        proposed: r.json.proposed,
        questions: r.json.questions,
        noted: r.json.noted,
        unaccounted: r.json.unaccounted,
      },
      { proposed: 1, questions: 1, noted: 1, unaccounted: 1 },
    );
    assert.equal((await state(owner, a)).state, 'proposed');
    assert.equal((await state(owner, b)).state, 'asked');
    assert.equal((await state(owner, c)).state, 'noted');
    assert.equal((await state(owner, d)).state, 'captured');
    const prompt = model.chatRequests().at(-1)!.body.messages[0].content as string;
    assert.match(prompt, /Workspace slugs:/);
    assert.match(
      model.chatRequests().at(-1)!.body.messages[1].content,
      new RegExp(`\\[jot ${d}\\] something the model forgets`),
    );
  });

  it('approving applies through the owning tool exactly once; a second approval is refused', async () => {
    const items = (await call(app, owner, 'GET', '/plugins/notepad/review')).json.items;
    const p = items.find((i: any) => i.type === 'proposal' && i.proposal.kind === 'memory');
    const ok = await call(app, owner, 'POST', `/approvals/${p.id}/approve`, {});
    assert.equal(ok.status, 200);
    assert.equal(ok.json.proposal.state, 'applied');
    const again = await call(app, owner, 'POST', `/approvals/${p.id}/approve`, {});
    assert.equal(again.status, 409);
    const mine = await call(app, owner, 'GET', '/memory');
    assert.equal(JSON.stringify(mine.json).split('The bins go out on Tuesday.').length - 1, 1);
    // another person cannot touch it
    assert.equal((await call(app, member, 'POST', `/approvals/${p.id}/reject`, {})).status, 404);
  });

  it('an apply failure returns the proposal to review with the error shown', async () => {
    const e = await jot(owner, 'dentist friday 10');
    model.on(
      triageCall,
      answer([
        {
          jot: e,
          outcome: 'propose',
          // the calendar refuses an event that ends before it starts: the apply fails in the tool itself
          actions: [
            {
              kind: 'event',
              payload: { title: 'Dentist', start: '2026-12-04T10:00', end: '2026-12-04T09:00' },
            },
          ],
        },
      ]),
    );
    await call(app, owner, 'POST', '/plugins/notepad/triage-now');
    const p = (await call(app, owner, 'GET', '/plugins/notepad/review')).json.items.find(
      (i: any) => i.type === 'proposal' && i.proposal.kind === 'event',
    );
    const r = await call(app, owner, 'POST', `/approvals/${p.id}/approve`, {});
    assert.equal(r.status, 502, JSON.stringify(r.json));
    assert.equal(r.json.error.code, 'APPLY_FAILED');
    assert.equal(r.json.error.details.proposal.state, 'failed');
    assert.ok(r.json.error.message.length > 0);
    const back = (await call(app, owner, 'GET', '/plugins/notepad/review')).json.items.find(
      (i: any) => i.id === p.id,
    );
    assert.equal(back.proposal.state, 'failed');
    assert.equal(
      (await call(app, owner, 'POST', `/approvals/${p.id}/reject`, {})).json.proposal.state,
      'rejected',
    );
  });

  it('answering a question re-triages that jot at once with the Q/A, and a remember note reaches the next prompt', async () => {
    const q = (await call(app, owner, 'GET', '/plugins/notepad/review')).json.items.find(
      (i: any) => i.type === 'question',
    );
    model.on(triageCall, (body) => {
      assert.match(body.messages[1].content, /Q: Which Sam, and when\?\n {2}A: Sam Reilly, Thursday noon/);
      return answer([
        {
          jot: q.id,
          outcome: 'propose',
          actions: [{ kind: 'task', payload: { title: 'Lunch with Sam Reilly' } }],
        },
      ]);
    });
    const r = await call(app, owner, 'POST', `/plugins/notepad/questions/${q.id}/answer`, {
      answer: 'Sam Reilly, Thursday noon',
      remember: 'Sam always means Sam Reilly',
    });
    assert.equal(r.status, 200);
    assert.equal(r.json.proposed, 1);
    assert.equal(model.chatRequests().filter((x) => triageCall(x.body)).length, 1);
    await jot(owner, 'ask Sam about the boat');
    model.on(triageCall, answer([]));
    await call(app, owner, 'POST', '/plugins/notepad/triage-now');
    assert.match(model.chatRequests().at(-1)!.body.messages[0].content, /Sam always means Sam Reilly/);
  });

  it('a malformed answer is retried once, then the batch stays captured', async () => {
    const m = await jot(member, 'water the plants');
    model.on(triageCall, { content: 'no idea' }, 2);
    const r = await call(app, member, 'POST', '/plugins/notepad/triage-now');
    assert.equal(r.json.malformed, true);
    assert.equal(model.chatRequests().filter((x) => triageCall(x.body)).length, 2);
    assert.equal((await state(member, m)).state, 'captured');
    model
      .on(triageCall, { content: 'hmm' })
      .on(triageCall, answer([{ jot: m, outcome: 'no_action', note: 'fine' }]));
    assert.equal((await call(app, member, 'POST', '/plugins/notepad/triage-now')).json.noted, 1);
  });

  it('defer keeps a proposal open; the summary lists it and a reply settles it by number', async () => {
    const items = (await call(app, owner, 'GET', '/plugins/notepad/review')).json.items;
    const task = items.find((i: any) => i.type === 'proposal' && i.proposal.kind === 'task');
    assert.equal(
      (await call(app, owner, 'POST', `/approvals/${task.id}/defer`, {})).json.proposal.state,
      'deferred',
    );
    const handler = app.quorra.registries.replies.get('notepad-review')!;
    const review = await service.review(owner.id);
    const ref = review.map((i) => `${i.type === 'proposal' ? 'p' : 'q'}${i.id}`).join(',');
    const n = review.findIndex((i) => i.id === task.id && i.type === 'proposal') + 1;
    assert.ok(n > 0);
    assert.match(
      await handler.handle(`no ${n}`, { userId: owner.id, role: 'owner', ref }),
      /Dropped: Task “Lunch with Sam Reilly”/,
    );
    assert.match(await handler.handle('yes 9', { userId: owner.id, role: 'owner', ref }), /did not get that/);
  });

  it('applies a transaction through the finance plugin, and refuses a document for a member with the reason', async () => {
    const tx = await proposeFor(owner, 'spent 12.50 at Lidl on groceries', {
      kind: 'transaction',
      payload: { amount: '12.50', payee: 'Lidl', category: 'Groceries' },
    });
    const applied = await call(app, owner, 'POST', `/approvals/${tx}/approve`, {});
    assert.equal(applied.json.proposal?.state, 'applied', JSON.stringify(applied.json));
    const summary = await call(app, owner, 'GET', '/plugins/finance/summary');
    assert.match(JSON.stringify(summary.json), /Lidl/);
    const doc = await proposeFor(member, 'write up the wifi password for guests', {
      kind: 'document',
      payload: { workspace: 'home', title: 'Wifi', content: 'The password is on the router.' },
    });
    const refused = await call(app, member, 'POST', `/approvals/${doc}/approve`, {});
    assert.equal(refused.status, 502);
    assert.equal(refused.json.error.details.proposal.state, 'failed');
    assert.match(refused.json.error.message, /not available to this person/);
  });

  /** Captures a jot, has triage propose `action` for it, and returns the proposal's id. */
  const proposeFor = async (user: TestUser, text: string, action: { kind: string; payload: object }) => {
    const id = await jot(user, text);
    model.on(triageCall, answer([{ jot: id, outcome: 'propose', actions: [action] }]));
    await call(app, user, 'POST', '/plugins/notepad/triage-now');
    const items = (await call(app, user, 'GET', '/plugins/notepad/review')).json.items;
    return items.find((i: any) => i.proposal?.sourceId === String(id)).id as number;
  };
});
