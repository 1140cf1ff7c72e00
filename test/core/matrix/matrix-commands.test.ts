// Bang-commands end to end: help from the registry, purpose, forget, status, mode, approvals, room; permission, usage, collisions.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import type { TestUser } from '../../support/household.ts';
import { call, systemPromptOf } from '../../support/household.ts';
import type { RegisteredUser } from '../../support/matrix-homeserver/index.ts';
import { MatrixWorld } from './matrix-world.ts';

const house = fileURLToPath(new URL('./fixtures/house', import.meta.url));
const dup = fileURLToPath(new URL('./fixtures/dup', import.meta.url));

describe('Matrix runtime: bang-commands', () => {
  const w = new MatrixWorld({ pluginRoots: [house, dup] });
  let alice: { mx: RegisteredUser; user?: TestUser };
  let bob: { mx: RegisteredUser; user?: TestUser };

  before(async () => {
    await w.start();
    alice = await w.member('alice', 'Alice', 'owner');
    bob = await w.member('bob', 'Bob', 'member');
  });
  beforeEach(() => w.model.reset());
  after(() => w.close());

  /** Sends a message and returns the bot's next message in that room. */
  async function say(roomId: string, who: RegisteredUser, body: string): Promise<Record<string, any>> {
    const n = w.botMessages(roomId).length;
    w.hs.sendAsUser(who.userId, roomId, { msgtype: 'm.text', body });
    return (await w.botReplies(roomId, n + 1)).at(-1)!;
  }
  const text = async (roomId: string, who: RegisteredUser, body: string) =>
    (await say(roomId, who, body)).content.body;

  it('fails a plugin that registers a core command word with QUORRA_DUPLICATE_COMMAND', () => {
    const status = w.app.quorra.plugins.status();
    const dupHelp = status.find((p) => p.id === 'matrix-dup-help')!;
    assert.equal(dupHelp.state, 'failed');
    assert.equal(dupHelp.code, 'QUORRA_DUPLICATE_COMMAND');
    assert.equal(status.find((p) => p.id === 'matrix-house')!.state, 'active');
  });

  it('generates help from the registry (core and plugin commands), showing owner-only ones to the owner only', async () => {
    const room = await w.dm(bob.mx);
    const help = await say(room, bob.mx, '!quorra help');
    assert.equal(help.content.msgtype, 'm.notice');
    for (const word of ['help', 'purpose', 'forget', 'status', 'mode', 'approvals', 'chores'])
      assert.match(help.content.body, new RegExp(`\`!quorra ${word}`), word);
    assert.doesNotMatch(help.content.body, /!quorra room/);
    assert.match(help.content.formatted_body, /<ul>/);
    const ownerRoom = await w.dm(alice.mx);
    assert.match(await text(ownerRoom, alice.mx, '!quorra'), /`!quorra room .*\(owner\)/);
    assert.equal(await text(room, bob.mx, '!quorra chores Max'), 'Max takes the bins out.');
    assert.equal(w.model.chatRequests().length, 0, 'commands never reach the model');
  });

  it('answers unknown commands, bad arguments and missing permission with a short line', async () => {
    const room = await w.dm(bob.mx);
    assert.equal(
      await text(room, bob.mx, '!quorra frobnicate'),
      'Unknown command `frobnicate`. Try `!quorra help`.',
    );
    assert.equal(await text(room, bob.mx, '!quorra forget everything'), 'Usage: `!quorra forget`');
    assert.equal(await text(room, bob.mx, '!quorra mode a b'), 'Usage: `!quorra mode [name | off]`');
    assert.equal(
      await text(room, bob.mx, '!quorra room scope finance'),
      'Only the owner can use `!quorra room`.',
    );
    assert.equal(w.model.chatRequests().length, 0);
  });

  it('purpose: shows, sets (it reaches the prompt) and clears; needs a conversation first', async () => {
    const room = await w.dm(bob.mx);
    assert.match(await text(room, bob.mx, '!quorra purpose plan the garden'), /no conversation here yet/);
    await say(room, bob.mx, 'hello');
    assert.equal(await text(room, bob.mx, '!quorra purpose plan the garden'), 'Purpose set: plan the garden');
    assert.equal(await text(room, bob.mx, '!quorra purpose'), 'Purpose: plan the garden');
    await say(room, bob.mx, 'where do we start?');
    assert.match(
      systemPromptOf(w.model.chatRequests().at(-1)!.body),
      /## Purpose of this conversation\nplan the garden/,
    );
    assert.equal(await text(room, bob.mx, '!quorra purpose clear'), 'Purpose cleared.');
    assert.equal(await text(room, bob.mx, '!quorra purpose'), 'No purpose is set here.');
  });

  it('forget: the next message starts a new session', async () => {
    const room = await w.dm(bob.mx);
    await say(room, bob.mx, 'remember the blue vase');
    await say(room, bob.mx, 'what colour was it?');
    assert.equal(w.model.chatRequests()[1].body.messages.length, 4, 'history carried');
    assert.match(await text(room, bob.mx, '!quorra forget'), /next message starts a fresh one/);
    await say(room, bob.mx, 'what colour was it?');
    assert.equal(w.model.chatRequests()[2].body.messages.length, 2, 'system + the new message only');
    assert.match(await text(room, bob.mx, '!quorra forget'), /next message starts a fresh one/);
    assert.match(await text(room, bob.mx, '!quorra forget'), /nothing to forget/);
  });

  it('status: workspace, scope, mode, session age, model and plugin health', async () => {
    const room = await w.dm(bob.mx);
    const before = await text(room, bob.mx, '!quorra status');
    assert.match(before, /Workspace: personal/);
    assert.match(before, /Scope: general \(for the next conversation\)/);
    assert.match(before, /Session: none yet/);
    await say(room, bob.mx, 'hi');
    const after = await text(room, bob.mx, '!quorra status');
    assert.match(after, /Scope: general\n/);
    assert.match(after, /Mode: none/);
    assert.match(after, /Session: started \d+ seconds? ago/);
    assert.match(after, /Model: ok \(test-chat\)/);
    assert.match(after, /Plugins: degraded — 1 plugin\(s\) failed: matrix-dup-help/);
  });

  it('mode: lists, sets (validated like the HTTP endpoint; it reaches the prompt) and clears', async () => {
    const room = await w.dm(bob.mx);
    assert.match(await text(room, bob.mx, '!quorra mode'), /no conversation here yet/);
    await say(room, bob.mx, 'hi');
    const list = await text(room, bob.mx, '!quorra mode');
    assert.match(list, /^Mode: none\.\nAvailable:/);
    assert.match(list, /`research`/);
    assert.match(list, /`household-planning`/);
    assert.match(
      await text(room, bob.mx, '!quorra mode budget'),
      /^No mode "budget" in scope \[general\]\. Usage:/,
    );
    assert.match(await text(room, bob.mx, '!quorra mode research'), /^Mode set: research/);
    await say(room, bob.mx, 'tell me about heat pumps');
    assert.match(systemPromptOf(w.model.chatRequests().at(-1)!.body), /## Mode: research/);
    assert.equal(await text(room, bob.mx, '!quorra mode off'), 'Mode cleared.');
    assert.match(await text(room, bob.mx, '!quorra status'), /Mode: none/);
  });

  it('approvals: lists the confirmations waiting on this user', async () => {
    const room = await w.dm(bob.mx);
    assert.equal(await text(room, bob.mx, '!quorra approvals'), 'Nothing is waiting on you.');
    w.model.next({ toolCalls: [{ name: 'house_delete_list', arguments: { name: 'groceries' } }] });
    const question = await text(room, bob.mx, 'delete the groceries list');
    assert.match(question, /Before I delete the list “groceries”, I need your confirmation/);
    const list = await text(room, bob.mx, '!quorra approvals');
    assert.match(
      list,
      /1\. delete the list “groceries” — asked \d+ seconds? ago \(here: answer \*\*yes\*\* or \*\*no\*\*\)/,
    );
  });

  it('room (owner): shows and changes the room’s scope; commands in a group need no mention', async () => {
    const room = await w.group(alice.mx, [bob.mx], 'Budget');
    assert.match(await text(room, alice.mx, '!quorra room'), /workspace personal, scope general \(default\)/);
    assert.match(
      await text(room, alice.mx, '!quorra room scope astrology'),
      /^Unknown scope\(s\): astrology\. Usage/,
    );
    assert.match(await text(room, alice.mx, '!quorra room scope finance'), /scope is now finance/);
    await say(room, bob.mx, 'Quorra, how are we doing?');
    assert.match(systemPromptOf(w.model.chatRequests().at(-1)!.body), /## Scope: finance/);
    assert.match(await text(room, alice.mx, '!quorra room'), /scope finance \(set for this room\)/);
  });

  it('room: follows a workspace moved to another room from the next message', async () => {
    const shed = await w.group(alice.mx, [], 'Shed');
    const barn = await w.group(alice.mx, [], 'Barn');
    const created = await call(w.app, alice.user!, 'POST', '/workspaces', {
      name: 'Shed',
      services: ['general'],
      matrix_room_id: shed,
    });
    assert.equal(created.status, 201);
    assert.match(await text(shed, alice.mx, '!quorra room'), /workspace shed,/);
    assert.match(await text(barn, alice.mx, '!quorra room'), /workspace personal,/);
    const slug = created.json.slug;
    const moved = await call(w.app, alice.user!, 'PATCH', `/workspaces/${slug}`, { matrix_room_id: barn });
    assert.equal(moved.status, 200);
    assert.match(await text(barn, alice.mx, '!quorra room'), /workspace shed,/);
    assert.match(await text(shed, alice.mx, '!quorra room'), /workspace personal,/);
  });
});
