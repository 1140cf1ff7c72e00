// Workspace membership: a member not given a workspace cannot open a session there, see it, or reach it later;
// the owner's grant lets them in, a revoke shuts the next turn out, and the migration keeps earlier reach.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { WorkspaceMember } from '../../../core/workspaces/workspace-member.entity.ts';
import { CreateWorkspaceMembers1765500000000 } from '../../../migrations/workspaces/1765500000000-create-workspace-members.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, systemPromptOf, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const plugins = fileURLToPath(new URL('../../fixtures/engine-plugins', import.meta.url));

describe('workspace membership', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let max: TestUser;
  let mia: TestUser;

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, pluginRoots: [plugins] });
    owner = await addUser(app, 'Olivia');
    max = await addUser(app, 'Max', 'member');
    mia = await addUser(app, 'Mia', 'member');
    const made = await call(app, owner, 'POST', '/workspaces', {
      name: 'Lake Cabin',
      description: 'The cabin we rent out',
      services: ['general'],
      matrix_room_id: '!cabin:home.test',
    });
    assert.equal(made.status, 201);
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  const slugs = async (who: TestUser) =>
    (await call(app, who, 'GET', '/workspaces')).json.workspaces.map((w: any) => w.slug);

  it('refuses a member a session in a workspace they were not given (403 in words), with no model call', async () => {
    model.always(() => true, { content: 'hello' });
    const r = await chat(app, max, { message: 'what is in the cabin?', workspace: 'lake-cabin' });
    assert.equal(r.status, 403);
    assert.match(r.json.error.message, /not been given this workspace/);
    assert.equal(model.chatRequests().length, 0);
  });

  it('leaves it out of their listing, their room lookup and their personal-chat prompt', async () => {
    assert.deepEqual(await slugs(max), []);
    assert.ok((await slugs(owner)).includes('lake-cabin'));
    const room = encodeURIComponent('!cabin:home.test');
    assert.equal((await call(app, max, 'GET', `/workspaces/by-room/${room}`)).status, 404);
    assert.equal((await call(app, owner, 'GET', `/workspaces/by-room/${room}`)).json.slug, 'lake-cabin');
    model.next({ content: 'hi' });
    assert.equal((await chat(app, max, { message: 'hello there' })).status, 200);
    assert.doesNotMatch(systemPromptOf(model.chatRequests()[0]!.body), /Lake Cabin/);
  });

  it('lets the owner grant it: then the session, listing and prompt include it; only the owner may grant', async () => {
    const byMember = await call(app, max, 'PUT', `/workspaces/lake-cabin/members/${max.id}`);
    assert.equal(byMember.status, 403);
    const granted = await call(app, owner, 'PUT', `/workspaces/lake-cabin/members/${max.id}`);
    assert.equal(granted.status, 200);
    assert.deepEqual(granted.json.members, [{ user_id: max.id, display_name: 'Max' }]);
    assert.deepEqual(await slugs(max), ['lake-cabin']);
    assert.deepEqual(await slugs(mia), []);
    model.next({ content: 'the cabin has a canoe' });
    const r = await chat(app, max, { message: 'what is in the cabin?', workspace: 'lake-cabin' });
    assert.equal(r.status, 200, JSON.stringify(r.json));
    assert.equal(r.json.reply, 'the cabin has a canoe');
    assert.equal((await chat(app, mia, { message: 'and me?', workspace: 'lake-cabin' })).status, 403);
  });

  it('answers 404/400 in words for an unknown workspace, an unknown person or an owner', async () => {
    const noWs = await call(app, owner, 'PUT', `/workspaces/nowhere/members/${max.id}`);
    assert.equal(noWs.status, 404);
    assert.match(noWs.json.error.message, /workspace not found/);
    const noPerson = await call(app, owner, 'PUT', '/workspaces/lake-cabin/members/nobody');
    assert.equal(noPerson.status, 404);
    assert.match(noPerson.json.error.message, /person not found/);
    const anOwner = await call(app, owner, 'PUT', `/workspaces/lake-cabin/members/${owner.id}`);
    assert.equal(anOwner.status, 400);
    assert.match(anOwner.json.error.message, /owner and can already use every workspace/);
  });

  it('shuts a revoked member out on the next turn of a session they already had', async () => {
    model.next({ content: 'first' });
    const first = await chat(app, max, { message: 'start', workspace: 'lake-cabin' });
    assert.equal(first.status, 200);
    const revoked = await call(app, owner, 'DELETE', `/workspaces/lake-cabin/members/${max.id}`);
    assert.deepEqual(revoked.json.members, []);
    model.reset();
    model.always(() => true, { content: 'should not be asked' });
    const again = await chat(app, max, { message: 'more', session_id: first.json.session_id });
    assert.equal(again.status, 403);
    assert.equal(model.chatRequests().length, 0);
    assert.deepEqual(await slugs(max), []);
  });

  it('migrates: every current member gets every existing non-hosting workspace, never a hosting one', async () => {
    const hosting = await call(app, owner, 'POST', '/workspaces', {
      name: 'Rentals',
      kind: 'hosting',
      services: ['general'],
    });
    assert.equal(hosting.status, 201, JSON.stringify(hosting.json));
    await call(app, owner, 'POST', '/workspaces', { name: 'Garden', services: ['general'] });
    const removed = await addUser(app, 'Gone', 'member');
    await app.quorra.conversation.users.remove(removed.id);
    // a database as it was before the migration: no table, every member reaching every workspace
    const q = app.quorra.db.createQueryRunner();
    try {
      await q.dropTable('workspace_members');
      await new CreateWorkspaceMembers1765500000000().up(q);
    } finally {
      await q.release();
    }
    const rows = await app.quorra.db.getRepository(WorkspaceMember).find();
    const pairs = rows.map(
      (r) => `${r.workspace}:${r.userId === max.id ? 'max' : r.userId === mia.id ? 'mia' : r.userId}`,
    );
    assert.deepEqual(pairs.sort(), ['garden:max', 'garden:mia', 'lake-cabin:max', 'lake-cabin:mia']);
    assert.ok(rows.every((r) => r.grantedBy === null));
    assert.deepEqual(await slugs(mia), ['lake-cabin', 'garden']);
  });
});
