// Memory through the engine: notes per turn, save/recall/supersede via the scripted model, core memories and every seal.
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import type { ReservationPrincipal } from '../../../core/contracts/principal.ts';
import { AuditEntry } from '../../../core/engine/audit-entry.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, systemPromptOf, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';
import { onPostgres } from '../../support/test-database.ts';

const toolResults = (body: any) =>
  body.messages.filter((m: any) => m.role === 'tool').map((m: any) => JSON.parse(m.content));

describe('memory in conversation', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  const guest: ReservationPrincipal = { kind: 'reservation', reservationId: 'res-1', workspace: 'cabin' };

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    await app.quorra.workspaces.create({ name: 'Cabin', kind: 'hosting', services: ['general'] }, owner.id);
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('appends each turn to the notes log in order; a guest turn never enters it', async () => {
    const before = await app.quorra.memory.notes.latestSeq();
    model.next({ content: 'Noted, the dog is called Pixel.' }).next({ content: 'Sure.' });
    const s = await chat(app, owner, { message: 'Our dog is called Pixel', scope: ['general'] });
    await chat(app, owner, { message: 'And she is three', session_id: s.json.session_id });
    await app.quorra.conversation.engine.handle({
      principal: guest,
      message: 'my room code is 1234',
      scope: ['general'],
    });
    const notes = await app.quorra.memory.notes.readAfter(
      { workspace: null, visibility: 'private', ownerUserId: owner.id },
      before,
      10,
    );
    assert.deepEqual(
      notes.map((n) => n.text),
      [
        'User (Olivia): Our dog is called Pixel\nQuorra: Noted, the dog is called Pixel.',
        'User (Olivia): And she is three\nQuorra: Sure.',
      ],
    );
    assert.ok(notes[1].seq > notes[0].seq);
    assert.equal(notes[0].sourceKind, 'chat_turn');
    const all = await app.quorra.db.query('SELECT text FROM notes');
    assert.ok(!all.some((n: any) => n.text.includes('1234')));
  });

  it('saves through memory_save (audited, provenance “stated by user”) and recalls by topic', async () => {
    model
      .next({
        toolCalls: [
          {
            name: 'memory_save',
            arguments: { content: 'Olivia’s car is a green Golf', tags: ['car'], kind: 'fact' },
          },
        ],
      })
      .next({ content: 'Saved.' });
    await chat(app, owner, { message: 'remember my car is a green Golf', scope: ['general'] });
    const saved = toolResults(model.chatRequests()[1].body)[0];
    assert.ok(saved.saved);
    const audit = await app.quorra.db
      .getRepository(AuditEntry)
      .findOneByOrFail({ tool: 'memory_save', outcome: 'ok' });
    assert.equal(audit.userId, owner.id);
    model
      .next({ toolCalls: [{ name: 'memory_recall', arguments: { topic: 'car' } }] })
      .next({ content: 'A green Golf.' });
    await chat(app, owner, { message: 'what car do I drive?', scope: ['general'] });
    assert.deepEqual(
      toolResults(model.chatRequests()[3].body)[0].memories.map((m: any) => m.content),
      ['Olivia’s car is a green Golf'],
    );
    model
      .next({ toolCalls: [{ name: 'memory_recall', arguments: { topic: 'car' } }] })
      .next({ content: 'No idea.' });
    await chat(app, member, { message: 'what car does Olivia drive?', scope: ['general'] });
    assert.deepEqual(
      toolResults(model.chatRequests()[5].body)[0].memories,
      [],
      'another user never reads private memories',
    );
  });

  it('supersedes by archiving the old memory (restorable), never deleting it', async () => {
    model
      .next({
        toolCalls: [
          {
            name: 'memory_save',
            arguments: { content: 'Olivia’s car is a red Audi', tags: ['car'], supersedes: 'Golf' },
          },
        ],
      })
      .next({ content: 'Updated.' });
    await chat(app, owner, { message: 'I sold the Golf, now I drive a red Audi', scope: ['general'] });
    assert.equal(toolResults(model.chatRequests()[1].body)[0].superseded, 1);
    const listing = await call(app, owner, 'GET', '/owner/memories?archived=include');
    const golf = listing.json.memories.find((m: any) => /Golf/.test(m.content));
    assert.ok(golf.archived_at, 'archived, still there');
    assert.ok(
      !(await call(app, owner, 'GET', '/memory')).json.memories.some((m: any) => /Golf/.test(m.content)),
    );
  });

  it('puts core memories in every prompt, under the seal', async () => {
    await call(app, owner, 'POST', '/memory', { content: 'Olivia is vegetarian', importance: 'core' });
    await call(app, owner, 'POST', '/household/memory', {
      content: 'The household speaks German at dinner',
      importance: 'core',
    });
    await call(app, owner, 'POST', '/household/memory', {
      content: 'Guests check out at 10',
      importance: 'core',
      workspace: 'cabin',
    });
    await chat(app, owner, { message: 'hi', scope: ['general'] });
    await chat(app, member, { message: 'hi', scope: ['general'] });
    await chat(app, owner, { message: 'hi', workspace: 'cabin' });
    await app.quorra.conversation.engine.handle({ principal: guest, message: 'hi', scope: ['general'] });
    const [ownerPrompt, memberPrompt, cabinPrompt, guestPrompt] = model
      .chatRequests()
      .map((r) => systemPromptOf(r.body));
    assert.match(ownerPrompt, /## What you know \(core memories\)[\s\S]*Olivia is vegetarian/);
    assert.match(ownerPrompt, /German at dinner/);
    assert.doesNotMatch(ownerPrompt, /check out at 10/, 'personal chat never reads workspace rows');
    assert.doesNotMatch(memberPrompt, /vegetarian/, 'one user never reads another’s private memories');
    assert.match(memberPrompt, /German at dinner/);
    assert.match(cabinPrompt, /check out at 10/);
    assert.doesNotMatch(cabinPrompt, /vegetarian|German/, 'a workspace turn reads only that workspace');
    assert.doesNotMatch(
      guestPrompt,
      /vegetarian|German|check out at 10|core memories/,
      'a guest reaches none of them',
    );
    const guestTools = model.chatRequests()[3].body.tools.map((t: any) => t.function.name);
    assert.deepEqual(guestTools, ['search_knowledge'], 'no memory tools for a guest');
  });

  it('shows a core memory added, edited or archived here or by another connection in the very next prompt', async () => {
    const prompt = async () => {
      model.reset();
      model.next({ content: 'ok' });
      await chat(app, owner, { message: 'hi', scope: ['general'] });
      return systemPromptOf(model.chatRequests()[0].body);
    };
    assert.doesNotMatch(await prompt(), /rides a bike/);
    const m = await call(app, owner, 'POST', '/memory', {
      content: 'Olivia rides a bike',
      importance: 'core',
    });
    assert.match(await prompt(), /Olivia rides a bike/);
    await call(app, owner, 'PUT', `/memory/${m.json.id}`, { content: 'Olivia rides a red bike' });
    assert.match(await prompt(), /Olivia rides a red bike/);
    if (!onPostgres()) {
      // another connection to the same file, as the CLI or a second process writes
      const other = new Database((app.quorra.db.options as { database: string }).database);
      try {
        other.prepare("UPDATE memories SET content = 'Olivia rides a blue bike' WHERE id = ?").run(m.json.id);
        assert.match(await prompt(), /Olivia rides a blue bike/);
        other
          .prepare("UPDATE memories SET archived_at = '2000-01-01 00:00:00.000' WHERE id = ?")
          .run(m.json.id);
        assert.doesNotMatch(await prompt(), /rides a/);
        other.prepare('UPDATE memories SET archived_at = NULL WHERE id = ?').run(m.json.id);
        assert.match(await prompt(), /Olivia rides a blue bike/);
      } finally {
        other.close();
      }
    }
    await call(app, owner, 'DELETE', `/memory/${m.json.id}`);
    assert.doesNotMatch(await prompt(), /rides a/);
  });

  it('makes expired memories invisible at once', async () => {
    const m = await call(app, owner, 'POST', '/memory', {
      content: 'Olivia is travelling this week',
      importance: 'core',
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await app.quorra.db.query('UPDATE memories SET expires_at = ? WHERE id = ?', [
      '2000-01-01 00:00:00.000',
      m.json.id,
    ]);
    await chat(app, owner, { message: 'hi', scope: ['general'] });
    assert.doesNotMatch(systemPromptOf(model.chatRequests()[0].body), /travelling/);
  });
});
