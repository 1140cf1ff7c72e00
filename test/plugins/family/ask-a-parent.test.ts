// A child asks a parent instead of hearing no: the request becomes an owners' approval row, applied once on a yes.
import assert from 'node:assert/strict';
import { OutboxItem } from '../../../core/matrix/outbox-item.entity.ts';
import { Memory } from '../../../core/memory/memory.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const toolResults = (body: any) =>
  body.messages.filter((m: any) => m.role === 'tool').map((m: any) => JSON.parse(m.content));

describe('family: a child asks a parent', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let parent: TestUser;
  let child: TestUser;

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model });
    parent = await addUser(app, 'Olivia');
    child = await addUser(app, 'Mia', 'member');
    const r = await call(app, parent, 'PATCH', `/admin/users/${child.id}`, {
      child: true,
      child_tools: ['memory_recall', 'ask_a_parent'],
    });
    assert.equal(r.status, 200, JSON.stringify(r.json));
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  const ask = (tool: string, args: Record<string, unknown>, wish: string) => {
    model
      .next({ toolCalls: [{ name: 'ask_a_parent', arguments: { tool, arguments: args, wish } }] })
      .next({ content: 'I asked.' });
    return chat(app, child, { message: wish, scope: ['general'] });
  };

  it('files a wish outside the list for the parents, and applies it once after a yes', async () => {
    await ask(
      'memory_save',
      { content: 'Mia wants a puppy', tags: ['wishes'] },
      'remember that I want a puppy',
    );
    const [answer] = toolResults(model.chatRequests()[1].body);
    assert.equal(answer.asked, true);
    const id = answer.request as number;
    const owner = { userId: parent.id, role: 'owner' as const };
    const row = await app.quorra.approvals.get(id, owner);
    assert.equal(row.kind, 'child_request');
    assert.equal(row.summary, 'Mia would like to: remember that I want a puppy');
    // the child cannot answer it, nor see it
    await assert.rejects(app.quorra.approvals.get(id, { userId: child.id, role: 'member' }), /not found/);
    const notices = await app.quorra.db.getRepository(OutboxItem).findBy({ userId: parent.id });
    assert.ok(notices.some((n) => n.replyRef === String(id)));
    const memories = app.quorra.db.getRepository(Memory);
    assert.equal(await memories.countBy({ content: 'Mia wants a puppy' }), 0, 'nothing happens before a yes');
    assert.equal((await app.quorra.approvals.approve(id, owner)).state, 'applied');
    await assert.rejects(app.quorra.approvals.approve(id, owner), /already applied/);
    const saved = await memories.findBy({ content: 'Mia wants a puppy' });
    assert.equal(saved.length, 1);
    assert.equal(saved[0].ownerUserId, child.id, 'saved as the child, once');
    const toChild = await app.quorra.db.getRepository(OutboxItem).findBy({ userId: child.id });
    assert.ok(toChild.some((n) => /Olivia said yes/.test(n.text)));
  });

  it('tells the child when a parent says no, and runs nothing', async () => {
    await ask('memory_save', { content: 'Mia wants a pony' }, 'remember I want a pony');
    const [answer] = toolResults(model.chatRequests()[1].body);
    await app.quorra.approvals.reject(answer.request, { userId: parent.id, role: 'owner' });
    assert.equal(await app.quorra.db.getRepository(Memory).countBy({ content: 'Mia wants a pony' }), 0);
    const toChild = await app.quorra.db.getRepository(OutboxItem).findBy({ userId: child.id });
    assert.ok(toChild.some((n) => /Olivia said no this time/.test(n.text)));
  });

  it('does not let a child even ask for money or deletions', async () => {
    for (const tool of [
      'finance_log_transaction',
      'reminder_cancel',
      'diagnostics_prune_backups',
      'no_such_tool',
    ]) {
      model.reset();
      await ask(tool, {}, `please do ${tool}`);
      const [answer] = toolResults(model.chatRequests()[1].body);
      assert.equal(answer.asked, false, tool);
    }
    assert.equal((await app.quorra.approvals.pending({ userId: parent.id, role: 'owner' })).length, 0);
  });

  it('says no at once for a tool the owner turned asking off for, and asks for the others', async () => {
    const saved = await call(app, parent, 'PUT', '/admin/plugins/family/settings', {
      noAsking: ['memory_save'],
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.json));
    const before = (await app.quorra.approvals.pending({ userId: parent.id, role: 'owner' })).length;
    await ask('memory_save', { content: 'Mia wants a kitten' }, 'remember I want a kitten');
    const [refused] = toolResults(model.chatRequests()[1].body);
    assert.equal(refused.asked, false);
    assert.match(refused.why, /parents said this one is a no/);
    assert.equal((await app.quorra.approvals.pending({ userId: parent.id, role: 'owner' })).length, before);
    model.reset();
    await ask('reminder_set', { text: 'feed the fish', at: 'tomorrow 8:00' }, 'remind me to feed the fish');
    const [asked] = toolResults(model.chatRequests()[1].body);
    assert.equal(asked.asked, true, 'other tools can still be asked for');
    // turning it back on lets the child ask again
    const cleared = await call(app, parent, 'PUT', '/admin/plugins/family/settings', { noAsking: [] });
    assert.equal(cleared.status, 200, JSON.stringify(cleared.json));
    model.reset();
    await ask('memory_save', { content: 'Mia wants a kitten' }, 'remember I want a kitten');
    assert.equal(toolResults(model.chatRequests()[1].body)[0].asked, true);
  });

  it('refuses a setting that is not a tool name, in words', async () => {
    const bad = await call(app, parent, 'PUT', '/admin/plugins/family/settings', {
      noAsking: ['Set a Reminder!'],
    });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.json), /a tool name like reminder_set/);
  });

  it('offers ask_a_parent to children only', async () => {
    await chat(app, parent, { message: 'hi', scope: ['general'] });
    const names = (model.chatRequests()[0].body.tools ?? []).map((t: any) => t.function.name);
    assert.ok(!names.includes('ask_a_parent'));
  });
});
