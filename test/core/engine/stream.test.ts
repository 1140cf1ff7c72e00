// POST /chat/stream: SSE event order, real deltas, reasoning never leaking, disconnects and mid-stream failures.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Message } from '../../../core/sessions/message.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chatStream, eventually, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const plugins = fileURLToPath(new URL('../../fixtures/engine-plugins', import.meta.url));

describe('POST /chat/stream', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  const messagesOf = (sessionId: string) =>
    app.quorra.db.getRepository(Message).find({ where: { sessionId }, order: { id: 'ASC' } });

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, pluginRoots: [plugins] });
    owner = await addUser(app, 'Olivia');
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('sends status while tools run, then the reply as tokens, then done with the session id', async () => {
    model
      .next({ toolCalls: [{ name: 'test_read_thing', arguments: { name: 'x' } }] })
      .next({ chunks: ['The ', 'answer ', 'is 42.'] });
    const events = await chatStream(app, owner, { message: 'go', scope: ['general'] });
    const kinds = events.map((e) => e.event);
    assert.deepEqual(kinds, ['status', 'token', 'token', 'token', 'done']);
    assert.equal(events[0].data.text, 'running test_read_thing');
    assert.deepEqual(
      events.filter((e) => e.event === 'token').map((e) => e.data.text),
      ['The ', 'answer ', 'is 42.'],
    );
    const done = events.at(-1)!.data;
    assert.equal(done.reply, 'The answer is 42.');
    assert.equal((await messagesOf(done.session_id))[1].content, 'The answer is 42.');
    assert.equal(model.chatRequests()[1].body.stream, true);
  });

  it('never lets reasoning through: reasoning_content and <think> spans split across chunks', async () => {
    model.next({
      reasoning: 'private chain of thought',
      chunks: ['<thi', 'nk>secret ', 'plan</th', 'ink>Visible', ' <', 'b>answer</b>'],
    });
    const events = await chatStream(app, owner, { message: 'think hard', scope: ['general'] });
    const text = events
      .filter((e) => e.event === 'token')
      .map((e) => e.data.text)
      .join('');
    assert.equal(text, 'Visible <b>answer</b>');
    const raw = JSON.stringify(events);
    assert.doesNotMatch(raw, /secret|private chain/);
    const stored = await messagesOf(events.at(-1)!.data.session_id);
    assert.equal(stored[1].content, 'Visible <b>answer</b>');
  });

  it('ends with a terminal error event when the model drops the stream', async () => {
    model.next({ content: 'this reply will be cut off somewhere', dropAfterChunks: 3, chunkDelayMs: 30 });
    const events = await chatStream(app, owner, { message: 'fragile', scope: ['general'] });
    assert.equal(events.at(-1)!.event, 'error');
    assert.equal(events.at(-1)!.data.code, 'MODEL_ERROR');
    assert.ok(!events.some((e) => e.event === 'done'));
  });

  it('aborts the upstream request when the client disconnects, and keeps the partial reply marked interrupted', async () => {
    const before = model.abortedStreams;
    model.next({ chunks: ['one ', 'two ', 'three ', 'four ', 'five ', 'six'], chunkDelayMs: 80 });
    const events = await chatStream(
      app,
      owner,
      { message: 'long story', scope: ['general'] },
      { abortAfter: 2 },
    );
    assert.equal(events.filter((e) => e.event === 'token').length, 2);
    await eventually(() => model.abortedStreams > before);
    let stored: Message[] = [];
    await eventually(async () => {
      const rows = await app.quorra.db.getRepository(Message).find({ where: { interrupted: true } });
      stored = rows;
      return rows.length === 1;
    });
    assert.match(stored[0].content, /^one two .*\[interrupted\]$/);
    assert.doesNotMatch(stored[0].content, /six/);
  });
});
