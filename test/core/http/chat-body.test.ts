// POST /chat validates every body field at the edge; tools tell the model what was wrong one line per problem.
import assert from 'node:assert/strict';
import { z } from 'zod';
import { defineTool } from '../../../core/contracts/define-tool.ts';
import { Session } from '../../../core/sessions/session.entity.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';
import { addUser, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer, toolMessagesOf as toolMessages } from '../../support/model-server.ts';

describe('/chat body and tool argument messages', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;

  before(async () => {
    model = await ScriptedModelServer.start();
    // a tool added at run time is offered whatever the message: these tests are about the messages, not the pick
    app = await bootApp({ model, config: { model: { toolsPerTurn: 64 } } });
    owner = await addUser(app, 'Olivia');
  });
  beforeEach(() => model.reset());
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  it('refuses an empty or malformed field with 400 and its path, and starts no session', async () => {
    const sessions = () => app.quorra.db.getRepository(Session).count();
    const before = await sessions();
    const cases: [Record<string, unknown>, string][] = [
      [{ message: 'hi', workspace: '' }, 'workspace'],
      [{ message: 'hi', workspace: '   ' }, 'workspace'],
      [{ message: 'hi', workspace: 'Lake House' }, 'workspace'],
      [{ message: 'hi', origin: '' }, 'origin'],
      [{ message: 'hi', scope: [''] }, 'scope.0'],
      [{ message: '   ' }, 'message'],
      [{ message: 'x'.repeat(32_001) }, 'message'],
      [{ message: 'hi', session_id: '' }, 'session_id'],
      [{ message: 'hi', confirmation_id: 'nope' }, 'confirmation_id'],
      [{ message: 'hi', extra: 1 }, ''],
    ];
    for (const [body, path] of cases) {
      const r = await chat(app, owner, body);
      assert.equal(r.status, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(r.json.error.code, 'VALIDATION_FAILED');
      assert.equal(r.json.error.details[0].path, path, JSON.stringify(r.json.error.details));
    }
    assert.equal(await sessions(), before);
    assert.equal(model.chatRequests().length, 0);
  });

  it('tells the model about invalid arguments one readable line per problem', async () => {
    model
      .next({ toolCalls: [{ name: 'memory_save', arguments: { content: 7, kind: 'rumour', mood: 3 } }] })
      .next({ content: 'done' });
    await chat(app, owner, { message: 'remember it', scope: ['general'] });
    const [msg] = toolMessages(model.chatRequests()[1].body);
    const lines = msg.split('\n');
    assert.equal(lines[0], 'Invalid arguments for memory_save:');
    assert.ok(
      lines.some((l: string) => /^- content: /.test(l)),
      msg,
    );
    assert.ok(
      lines.some((l: string) => /^- kind: /.test(l)),
      msg,
    );
    assert.ok(
      lines.some((l: string) => /^- \(input\): .*mood/.test(l)),
      msg,
    );
    assert.equal(lines.at(-1), 'Call it again with valid arguments.');
    assert.doesNotMatch(msg, /"code"|"path"|ZodError|\[\s*\{/);
  });

  it('turns a schema failure inside a tool into readable lines too, never a ZodError dump', async () => {
    const inner = z.strictObject({ when: z.iso.datetime(), count: z.number().int() });
    const tool = app.quorra.registries.tools.add(
      defineTool({
        name: 'test_inner_schema',
        description: 'parses deeper down',
        tier: 0,
        scopes: ['general'],
        input: z.object({}).strict(),
        run: async () => inner.parse({ when: 'soon', count: 1.5 }),
      }),
    );
    try {
      model.next({ toolCalls: [{ name: 'test_inner_schema', arguments: {} }] }).next({ content: 'ok' });
      await chat(app, owner, { message: 'go', scope: ['general'] });
      const [msg] = toolMessages(model.chatRequests()[1].body);
      assert.match(msg, /^test_inner_schema failed: invalid input:\n- when: .+\n- count: .+$/);
      assert.doesNotMatch(msg, /"code"|"path"|\[\s*\{/);
    } finally {
      tool.dispose();
    }
  });
});
