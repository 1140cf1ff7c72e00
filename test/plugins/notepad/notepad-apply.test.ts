// Every notepad kind applied through its own plugin, once approved: a success and a failure each (the failure is
// shown on the row, which is back in review). Calendar kinds go to a real Radicale.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { vaultRoot } from '../../../core/config/data-paths.ts';
import { CaldavClient } from '../../../plugins/calendar/caldav-client.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { type RadicaleServer, startRadicale } from '../../support/radicale-server.ts';
import { answer, triageCall } from './triage-script.ts';

describe('notepad: applying each kind (real Radicale)', function () {
  this.timeout(60_000);
  let radicale: RadicaleServer;
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  let calendar: CaldavClient;

  before(async () => {
    radicale = await startRadicale();
    model = await ScriptedModelServer.start();
    const settings = {
      url: radicale.url,
      username: radicale.username,
      password: radicale.password,
      calendar: 'Household',
      timezone: 'UTC',
    };
    app = await bootApp({
      model,
      config: {
        plugins: {
          calendar: { settings },
          knowledge: { settings: { watch: false } },
          finance: { settings: { timezone: 'UTC', budgets: [{ id: 'household', name: 'Household' }] } },
        },
      },
    });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    await app.quorra.workspaces.create({ name: 'Home', services: ['general'] }, owner.id);
    calendar = new CaldavClient({ ...settings, timeoutMs: 5000 });
  });
  after(async () => {
    await app?.stop({ clean: true });
    await model?.close();
    await radicale?.stop();
  });

  /** Captures a jot, has triage propose `kind` with `payload` for it, and returns the row id. */
  const propose = async (user: TestUser, kind: string, payload: object) => {
    const jot = (
      await call(app, user, 'POST', '/plugins/notepad/items', {
        text: `${kind} ${Math.random()}`,
        client_id: `${Math.random()}`,
      })
    ).json.id as number;
    model.on(triageCall, answer([{ jot, outcome: 'propose', actions: [{ kind, payload }] }]));
    assert.equal((await call(app, user, 'POST', '/plugins/notepad/triage-now')).json.proposed, 1);
    const items = (await call(app, user, 'GET', '/plugins/notepad/review')).json.items;
    return items.find((i: any) => i.proposal?.sourceId === String(jot)).id as number;
  };
  const approve = (user: TestUser, id: number) => call(app, user, 'POST', `/approvals/${id}/approve`, {});
  const applied = async (user: TestUser, kind: string, payload: object) => {
    const r = await approve(user, await propose(user, kind, payload));
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.proposal.state, 'applied');
  };
  /** Approving fails with the reason shown, and the row is back in review (failed, still open). */
  const fails = async (user: TestUser, kind: string, payload: object, reason: RegExp) => {
    const id = await propose(user, kind, payload);
    const r = await approve(user, id);
    assert.equal(r.status, 502, JSON.stringify(r.json));
    assert.equal(r.json.error.code, 'APPLY_FAILED');
    assert.match(r.json.error.message, reason);
    const card = (await call(app, user, 'GET', '/approvals')).json.proposals.find((p: any) => p.id === id);
    assert.equal(card.state, 'failed');
    assert.match(card.error, reason);
  };
  const tool = async (user: TestUser, name: string, input: object) => {
    const r = await app.quorra.conversation.toolCalls.call(name, input, {
      userId: user.id,
      sessionId: 'test',
    });
    assert.ok(r.ok, JSON.stringify(r));
    return r.content;
  };

  it('event, task and list items land on the CalDAV server', async () => {
    const event = await propose(owner, 'event', {
      title: 'Dentist',
      start: '2026-12-04T10:00',
      end: '2026-12-04T11:00',
    });
    const card = (await call(app, owner, 'GET', '/approvals')).json.proposals.find(
      (p: any) => p.id === event,
    );
    assert.deepEqual(
      card.fields.map((f: any) => [f.label, f.value]),
      [
        ['Title', 'Dentist'],
        ['Starts', '2026-12-04T10:00'],
        ['Ends', '2026-12-04T11:00'],
      ],
    );
    assert.equal((await approve(owner, event)).json.proposal.state, 'applied');
    const events = await calendar.query(
      Date.parse('2026-12-04T00:00:00Z'),
      Date.parse('2026-12-05T00:00:00Z'),
    );
    assert.deepEqual(
      events.map((e) => e.title),
      ['Dentist'],
    );
    await applied(owner, 'task', { title: 'Renew the passport', due: '2026-12-20', priority: 'high' });
    const audit = await app.quorra.conversation.audit.recent(20);
    assert.ok(
      audit.some((a) => a.tool === 'calendar_create_task' && a.outcome === 'ok' && a.userId === owner.id),
    );
    await applied(owner, 'list_items', { list: 'shopping', items: ['oat milk', 'batteries'] });
    const list = await tool(owner, 'list_show', { list: 'shopping' });
    assert.match(list, /oat milk/);
    assert.match(list, /batteries/);
  });

  it('a reminder, a transaction, a memory and a document land in their plugins', async () => {
    await applied(member, 'reminder', { text: 'Water the plants', at: '2030-06-01T09:00' });
    assert.match(await tool(member, 'reminder_list', {}), /Water the plants/);
    await applied(owner, 'transaction', { amount: '12.50', payee: 'Lidl', category: 'Groceries' });
    assert.match(JSON.stringify((await call(app, owner, 'GET', '/plugins/finance/summary')).json), /Lidl/);
    await applied(owner, 'memory', { content: 'The bins go out on Tuesday.' });
    assert.match(
      JSON.stringify((await call(app, owner, 'GET', '/memory')).json),
      /The bins go out on Tuesday\./,
    );
    await applied(owner, 'document', {
      workspace: 'home',
      title: 'Wifi for guests',
      content: 'On the router.',
    });
    const file = path.join(vaultRoot(app.quorra.config), 'workspaces', 'home', 'wifi-for-guests.md');
    assert.ok(existsSync(file), file);
    assert.match(readFileSync(file, 'utf8'), /On the router\./);
  });

  it('a reminder in the past, a document by a member and a transaction without a budget fail with the reason', async () => {
    await fails(member, 'reminder', { text: 'Too late', at: '2020-01-01T09:00' }, /that time has passed/);
    await fails(
      member,
      'document',
      { workspace: 'home', title: 'Notes', content: 'x' },
      /not available to this person/,
    );
    await fails(
      owner,
      'document',
      { workspace: 'nowhere', title: 'Notes', content: 'x' },
      /nowhere|workspace/i,
    );
    await fails(member, 'transaction', { amount: '9.99', payee: 'Kiosk' }, /no budget is shared with you/);
  });

  it('names to the triage only the workspaces the person may use, and applies nothing into another', async () => {
    await app.quorra.workspaces.create({ name: 'Cabin', services: ['general'] }, owner.id);
    const slugsSeen = async (user: TestUser) => {
      model.reset();
      await call(app, user, 'POST', '/plugins/notepad/items', {
        text: 'fix the gate',
        client_id: `${Math.random()}`,
      });
      model.on(triageCall, answer([]));
      await call(app, user, 'POST', '/plugins/notepad/triage-now');
      const req = model.chatRequests().find((r) => triageCall(r.body));
      return /Workspace slugs: ([^\n]*)/.exec(String(req?.body.messages[0].content))?.[1];
    };
    assert.equal(await slugsSeen(member), '(none).', 'Max was given no workspace');
    assert.match((await slugsSeen(owner)) ?? '', /home, cabin/);
    // a proposal made while he had the workspace, approved after it was taken back, runs nowhere
    const as = { userId: member.id, workspace: 'cabin', sessionId: 'notepad-test' };
    const shut = await app.quorra.conversation.toolCalls.call('memory_recall', { topic: 'gate' }, as);
    assert.equal(shut.ok, false);
    assert.match(shut.ok ? '' : shut.message, /Max may not use that workspace/);
    await app.quorra.workspaces.grant('cabin', member.id, owner.id);
    assert.equal((await slugsSeen(member)) ?? '', 'cabin.');
    const open = await app.quorra.conversation.toolCalls.call('memory_recall', { topic: 'gate' }, as);
    assert.equal(open.ok, true, open.ok ? '' : open.message);
    await app.quorra.workspaces.revoke('cabin', member.id);
    assert.equal(
      (await app.quorra.conversation.toolCalls.call('memory_recall', { topic: 'gate' }, as)).ok,
      false,
    );
  });

  it('event, task and list items fail with the reason while the CalDAV server is down', async () => {
    await radicale.stop();
    await fails(owner, 'event', { title: 'Cinema', start: '2026-12-05T20:00' }, /./);
    await fails(owner, 'task', { title: 'Call the bank' }, /./);
    await fails(owner, 'list_items', { list: 'shopping', items: ['bread'] }, /./);
  });
});
