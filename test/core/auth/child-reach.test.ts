// A child's reach through the real engine: the same message from a parent and a child reaches different tools.
import assert from 'node:assert/strict';
import { AuditEntry } from '../../../core/engine/audit-entry.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, systemPromptOf, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const toolNames = (body: any): string[] => (body.tools ?? []).map((t: any) => t.function.name).sort();
const toolResults = (body: any) =>
  body.messages.filter((m: any) => m.role === 'tool').map((m: any) => m.content as string);

describe('a child’s reach', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let parent: TestUser;
  let child: TestUser;
  const scope = ['general', 'finance', 'planning'];

  before(async () => {
    model = await ScriptedModelServer.start();
    // every allowed tool offered: these tests are about reach, not which few a turn picks
    app = await bootApp({ model, config: { model: { toolsPerTurn: 64 } } });
    parent = await addUser(app, 'Olivia');
    const made = await call(app, parent, 'POST', '/admin/users', {
      name: 'Mia',
      role: 'member',
      child: true,
    });
    assert.equal(made.status, 201, JSON.stringify(made.json));
    assert.equal(made.json.user.child, true);
    assert.ok(made.json.user.reach.includes('list_add_items'));
    const token = await app.quorra.conversation.tokens.create(made.json.user.id);
    child = {
      id: made.json.user.id,
      token,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    };
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('offers a child only their allow-list: no money, nothing that deletes, nothing to confirm', async () => {
    await chat(app, child, { message: 'hi', scope });
    const offered = toolNames(model.chatRequests()[0].body);
    assert.ok(offered.length > 0);
    assert.ok(
      offered.every((n) => !n.startsWith('finance_')),
      offered.join(', '),
    );
    assert.ok(
      offered.every((n) => !/delete|forget|prune/.test(n)),
      offered.join(', '),
    );
    assert.match(systemPromptOf(model.chatRequests()[0].body), /talking with a child of the household/);
    await chat(app, parent, { message: 'hi', scope });
    const parents = toolNames(model.chatRequests()[1].body);
    assert.ok(parents.includes('finance_query'), 'the parent has the budget');
  });

  it('refuses the budget to the child and audits it; the same message from the parent works', async () => {
    const ask = (user: TestUser) => {
      model
        .next({ toolCalls: [{ name: 'finance_query', arguments: { period: 'this_month' } }] })
        .next({ content: 'Done.' });
      return chat(app, user, { message: 'how much did we spend this month?', scope });
    };
    await ask(child);
    assert.match(toolResults(model.chatRequests()[1].body)[0], /not available in this conversation/);
    const audit = app.quorra.db.getRepository(AuditEntry);
    assert.ok(await audit.findOneBy({ tool: 'finance_query', userId: child.id, outcome: 'refused' }));
    model.reset();
    await ask(parent);
    assert.doesNotMatch(toolResults(model.chatRequests()[1].body)[0], /not available in this conversation/);
  });

  it('keeps the floor when an owner lists a finance or deleting tool for the child', async () => {
    const r = await call(app, parent, 'PATCH', `/admin/users/${child.id}`, {
      child_tools: ['memory_recall', 'finance_query', 'reminder_cancel'],
    });
    assert.equal(r.status, 200);
    await chat(app, child, { message: 'hi', scope });
    assert.deepEqual(toolNames(model.chatRequests()[0].body), ['memory_recall']);
    assert.equal(
      (await call(app, parent, 'PATCH', `/admin/users/${child.id}`, { child_tools: null })).status,
      200,
    );
  });

  it('never lets a child read a parent’s private memory', async () => {
    model
      .next({
        toolCalls: [
          {
            name: 'memory_save',
            arguments: { content: 'Mia’s birthday present is a red bike', tags: ['birthday'] },
          },
        ],
      })
      .next({ content: 'Saved.' });
    await chat(app, parent, { message: 'remember: Mia’s present is a red bike', scope: ['general'] });
    model.reset();
    model
      .next({ toolCalls: [{ name: 'memory_recall', arguments: { topic: 'birthday' } }] })
      .next({ content: 'Hmm.' });
    await chat(app, child, { message: 'what is my birthday present?', scope: ['general'] });
    assert.deepEqual(JSON.parse(toolResults(model.chatRequests()[1].body)[0]).memories, []);
  });

  it('refuses to make a child an owner, and to make an owner a child', async () => {
    const owner = await call(app, parent, 'POST', '/admin/users', {
      name: 'Leo',
      role: 'owner',
      child: true,
    });
    assert.equal(owner.status, 400);
    assert.match(owner.json.error.message, /a child cannot be an owner/);
    const self = await call(app, parent, 'PATCH', `/admin/users/${parent.id}`, { child: true });
    assert.equal(self.status, 400);
  });
});
