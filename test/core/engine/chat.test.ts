// POST /chat over real HTTP with the scripted model: auth, sessions, prompt order, scope lock, modes, time gaps.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Message } from '../../../core/sessions/message.entity.ts';
import { Session } from '../../../core/sessions/session.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, call, chat, systemPromptOf, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const plugins = fileURLToPath(new URL('../../fixtures/engine-plugins', import.meta.url));

describe('POST /chat', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;
  const count = async (entity: Function) => app.quorra.db.getRepository(entity).count();

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({
      model,
      pluginRoots: [plugins],
      config: { server: { serviceSecret: 'a-very-long-service-secret' }, model: { timeoutMs: 1000 } },
    });
    owner = await addUser(app, 'Olivia', 'owner', { matrix: ['@olivia:home.test'] });
    member = await addUser(app, 'Max', 'member');
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('refuses missing or unknown credentials with 401 and stores nothing', async () => {
    const before = await count(Session);
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer qra_nope' },
      { authorization: 'Basic abc' },
    ]) {
      const res = await fetch(`${app.url}/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ message: 'hi' }),
      });
      assert.equal(res.status, 401);
      assert.equal(((await res.json()) as any).error.code, 'UNAUTHORIZED');
    }
    assert.equal(await count(Session), before);
    assert.equal(model.chatRequests().length, 0);
  });

  it('accepts a trusted adapter with the shared secret and X-Quorra-User (id, email or Matrix ID)', async () => {
    const res = await fetch(`${app.url}/chat`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer a-very-long-service-secret',
        'x-quorra-user': '@olivia:home.test',
      },
      body: JSON.stringify({ message: 'hello from the bot' }),
    });
    assert.equal(res.status, 200);
    const noUser = await fetch(`${app.url}/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer a-very-long-service-secret' },
      body: JSON.stringify({ message: 'x' }),
    });
    assert.equal(noUser.status, 401);
  });

  it('creates a session, answers, and persists both messages', async () => {
    model.on('first', { content: 'Hello Olivia.' });
    const r = await chat(app, owner, { message: 'first message', scope: ['general'] });
    assert.equal(r.status, 200);
    assert.equal(r.json.reply, 'Hello Olivia.');
    assert.match(r.json.session_id, /^[0-9a-f-]{36}$/);
    const msgs = await app.quorra.db
      .getRepository(Message)
      .find({ where: { sessionId: r.json.session_id }, order: { id: 'ASC' } });
    assert.deepEqual(
      msgs.map((m) => [m.role, m.content]),
      [
        ['user', 'first message'],
        ['assistant', 'Hello Olivia.'],
      ],
    );
  });

  it('sends history and composes the prompt in order: base, scope, origin, mode (shared), then entry context, purpose', async () => {
    const s = await chat(app, owner, { message: 'plan please', scope: ['finance'], origin: 'matrix' });
    const id = s.json.session_id;
    assert.equal(
      (await call(app, owner, 'PUT', `/sessions/${id}/purpose`, { purpose: 'Plan December groceries' }))
        .status,
      200,
    );
    assert.equal((await call(app, owner, 'PUT', `/sessions/${id}/mode`, { mode: 'budget' })).status, 200);
    model.reset();
    await chat(app, owner, { message: 'what now?', session_id: id });
    await chat(app, owner, { message: 'and then?', session_id: id });
    const [first, second] = model.chatRequests().map((r) => r.body);
    const prompt = systemPromptOf(first);
    const order = [
      'You are Quorra',
      '## Scope: finance',
      'You are chatting in Matrix',
      '## Mode: budget',
      'Balances: groceries',
      'Plan December groceries',
    ];
    const positions = order.map((needle) => prompt.indexOf(needle));
    assert.ok(
      positions.every((p) => p >= 0),
      `missing a section: ${positions}`,
    );
    assert.deepEqual(
      [...positions].sort((a, b) => a - b),
      positions,
      'sections out of order',
    );
    assert.doesNotMatch(
      systemPromptOf(second),
      /Balances: groceries/,
      'entry context only on the first turn after activation',
    );
    assert.match(systemPromptOf(second), /## Mode: budget/);
    const roles = second.messages.map((m: any) => m.role);
    // the shared system message, the session's own (its purpose), then the history
    assert.deepEqual(roles, ['system', 'system', 'user', 'assistant', 'user', 'assistant', 'user']);
  });

  it('locks the scope at the first message: a different scope later is 400, nothing written', async () => {
    const s = await chat(app, owner, { message: 'hi', scope: ['general'] });
    const before = await count(Message);
    const r = await chat(app, owner, {
      message: 'switch',
      session_id: s.json.session_id,
      scope: ['finance'],
    });
    assert.equal(r.status, 400);
    assert.equal(r.json.error.code, 'SCOPE_MISMATCH');
    assert.equal(await count(Message), before);
    assert.equal(
      (await chat(app, owner, { message: 'same', session_id: s.json.session_id, scope: ['general'] })).status,
      200,
    );
  });

  it('rejects unknown scopes and origins with 400', async () => {
    assert.equal(
      (await chat(app, owner, { message: 'x', scope: ['astrology'] })).json.error.message,
      'unknown scope "astrology"',
    );
    assert.equal((await chat(app, owner, { message: 'x', origin: 'carrier-pigeon' })).status, 400);
  });

  it('offers no tools before the scope is committed, and commits on a later message', async () => {
    const s = await chat(app, owner, { message: 'no scope yet' });
    assert.equal(model.chatRequests()[0].body.tools, undefined);
    await chat(app, owner, { message: 'now general', session_id: s.json.session_id, scope: ['general'] });
    assert.ok(model.chatRequests()[1].body.tools.some((t: any) => t.function.name === 'test_read_thing'));
  });

  it('mode: 409 before commit, 400 for an unknown mode, 404 for someone else’s session', async () => {
    const pre = await chat(app, owner, { message: 'pre-commit' });
    assert.equal(
      (await call(app, owner, 'PUT', `/sessions/${pre.json.session_id}/mode`, { mode: 'budget' })).status,
      409,
    );
    const s = await chat(app, owner, { message: 'hi', scope: ['general'] });
    const unknown = await call(app, owner, 'PUT', `/sessions/${s.json.session_id}/mode`, { mode: 'budget' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.json.error.code, 'UNKNOWN_MODE');
    assert.equal(
      (await call(app, owner, 'PUT', `/sessions/${s.json.session_id}/mode`, { mode: 'research' })).status,
      200,
    );
    assert.deepEqual(
      (await call(app, owner, 'GET', `/sessions/${s.json.session_id}/mode`)).json.mode,
      'research',
    );
    for (const path of ['mode', 'purpose'])
      assert.equal((await call(app, member, 'GET', `/sessions/${s.json.session_id}/${path}`)).status, 404);
    assert.equal((await chat(app, member, { message: 'hijack', session_id: s.json.session_id })).status, 404);
    assert.equal((await call(app, owner, 'DELETE', `/sessions/${s.json.session_id}/mode`)).json.mode, null);
  });

  it('marks gaps over four hours in history and clears the active mode after a gap', async () => {
    const s = await chat(app, owner, { message: 'morning', scope: ['general'] });
    const id = s.json.session_id;
    await call(app, owner, 'PUT', `/sessions/${id}/mode`, { mode: 'research' });
    const msgs = app.quorra.db.getRepository(Message);
    const base = Date.parse('2026-11-02T08:00:00Z');
    const rows = await msgs.find({ where: { sessionId: id }, order: { id: 'ASC' } });
    await msgs.update({ id: rows[0].id }, { createdAt: new Date(base) });
    await msgs.update({ id: rows[1].id }, { createdAt: new Date(base + 1000) });
    model.reset();
    await chat(app, owner, { message: 'back again', session_id: id });
    const body = model.chatRequests()[0].body;
    assert.match(
      body.messages.at(-1).content,
      /^\[(\d+ days passed|next day — .*|\d+ hours passed)\]\nback again$/,
    );
    assert.doesNotMatch(systemPromptOf(body), /## Mode: research/);
    assert.equal((await call(app, owner, 'GET', `/sessions/${id}/mode`)).json.mode, null);
  });

  it('answers bad bodies with 400/413 and keeps the session as it was', async () => {
    const s = await chat(app, owner, { message: 'hi', scope: ['general'] });
    const before = await count(Message);
    assert.equal((await call(app, owner, 'POST', '/chat', '{"message": ')).json.error.code, 'INVALID_JSON');
    assert.equal((await chat(app, owner, { message: 42 })).json.error.code, 'VALIDATION_FAILED');
    assert.equal((await chat(app, owner, { message: 'x', session_id: 'not-a-uuid' })).status, 400);
    assert.equal(
      (await chat(app, owner, { message: 'x', session_id: '00000000-0000-4000-8000-000000000000' })).status,
      404,
    );
    assert.equal(
      (await chat(app, owner, { message: 'x'.repeat(9000), session_id: s.json.session_id })).status,
      413,
    );
    assert.equal(await count(Message), before);
  });

  it('maps model failures to clear errors and writes nothing', async () => {
    const sessions = await count(Session);
    const messages = await count(Message);
    model.next({ status: 500 });
    const e1 = await chat(app, owner, { message: 'boom', scope: ['general'] });
    assert.equal(e1.status, 502);
    assert.equal(e1.json.error.code, 'MODEL_ERROR');
    model.next({ malformed: true });
    assert.equal(
      (await chat(app, owner, { message: 'garbage', scope: ['general'] })).json.error.code,
      'MODEL_ERROR',
    );
    model.next({ content: 'too late', delayMs: 1500 });
    const e3 = await chat(app, owner, { message: 'slow', scope: ['general'] });
    assert.equal(e3.status, 504);
    assert.equal(e3.json.error.code, 'MODEL_TIMEOUT');
    assert.equal(await count(Session), sessions);
    assert.equal(await count(Message), messages);
  });
});
