// Dream's surfaces in the booted app: the owner's status and settings endpoints, `!quorra dream`, metrics.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type BootedApp, bootApp, metricsHeaders } from '../../support/boot-app.ts';
import { addUser, call, chat, type TestUser } from '../../support/household.ts';
import { ScriptedModelServer } from '../../support/model-server.ts';

const isExtraction = (b: any) =>
  String(b?.messages?.[0]?.content ?? '').startsWith('You extract durable beliefs');

describe('Dream over HTTP and as a command', () => {
  let model: ScriptedModelServer;
  let app: BootedApp;
  let owner: TestUser;
  let member: TestUser;

  before(async () => {
    model = await ScriptedModelServer.start();
    app = await bootApp({ model, config: { dream: { allowLlmText: true, workspaces: ['personal'] } } });
    owner = await addUser(app, 'Olivia');
    member = await addUser(app, 'Max', 'member');
    model.always(isExtraction, (body) => {
      const note = String(body.messages.at(-1).content);
      const quote = /User \(.*?\): (.*)\n/.exec(note)?.[1] ?? 'nothing';
      return {
        content: JSON.stringify([
          {
            kind: 'constraint',
            content: `The speaker said: ${quote}`,
            confidence: 0.9,
            importance: 'core',
            quote,
          },
        ]),
      };
    });
    model.fallback = { content: 'Noted.' };
  });
  after(async () => {
    await app.stop({ clean: true });
    await model.close();
  });

  const command = (user: TestUser, role: 'owner' | 'member', args: string[]) =>
    app.quorra.registries.commands.get('dream')!.run(args, { userId: user.id, role });

  it('consolidates a member’s chat turn into that member’s belief when the owner runs it now', async () => {
    assert.equal((await chat(app, member, { message: 'I am allergic to shellfish' })).status, 200);
    assert.equal((await chat(app, owner, { message: 'The car needs new tyres' })).status, 200);
    assert.match(await command(member, 'member', ['run']), /Only the owner/);
    assert.match(await command(owner, 'owner', ['run']), /Dream run started for personal/);
    await app.quorra.dream.idle();
    const rows = await app.quorra.memory.store.listForOwner({ provenance: 'model_inference' });
    const mine = rows.find((r) => r.memory.ownerUserId === member.id);
    assert.equal(mine?.memory.content, 'The speaker said: I am allergic to shellfish');
    assert.equal(mine?.memory.workspace, null);
    assert.ok(rows.some((r) => r.memory.ownerUserId === owner.id));
  });

  it('GET /brain/dream/status is the owner’s: enabled, slices with cursor and counts, runs, retired notes', async () => {
    assert.equal((await call(app, null, 'GET', '/brain/dream/status')).status, 401);
    assert.equal((await call(app, member, 'GET', '/brain/dream/status')).status, 403);
    const r = await call(app, owner, 'GET', '/brain/dream/status');
    assert.equal(r.status, 200);
    assert.equal(r.json.enabled, true);
    const slice = r.json.slices.find((s: any) => s.owner_user_id === member.id);
    assert.equal(slice.workspace, 'personal');
    assert.equal(slice.visibility, 'private');
    assert.equal(slice.notes_total, 1);
    assert.equal(slice.notes_consumed, 1);
    assert.ok(slice.cursor.seq >= 1);
    assert.ok(r.json.last_run.id >= 1);
    assert.equal(r.json.recent_runs.length, 2);
    assert.equal(r.json.recent_runs[0].notes_read, 1);
    assert.deepEqual(r.json.retired_notes, []);
    assert.equal(r.json.schedule.cron, '15 3 * * *');
    const report = await fetch(`${app.url}/brain/dream/runs/${r.json.last_run.id}/report`, {
      headers: owner.headers,
    });
    assert.equal(report.status, 200);
    assert.match(await report.text(), /^# Dream run \d+/);
    const files = readdirSync(path.join(app.dataDir, 'dream-reports'));
    assert.ok(
      files.some((f) => f.endsWith(`-run-${r.json.last_run.id}.md`)),
      files.join(', '),
    );
  });

  it('`!quorra dream` shows a member only their own slices and the owner all of them', async () => {
    const mine = await command(member, 'member', []);
    assert.match(mine, /Dream is on for: personal/);
    assert.match(mine, new RegExp(`personal · private · ${member.id}: 1 of 1 notes consumed`));
    assert.ok(!mine.includes(owner.id));
    const all = await command(owner, 'owner', []);
    assert.ok(all.includes(member.id) && all.includes(owner.id));
    assert.match(await command(owner, 'owner', ['bogus']), /Usage/);
  });

  it('PUT /brain/dream/settings/:workspace is owner-only, validated, audited and takes effect', async () => {
    assert.equal(
      (await call(app, member, 'PUT', '/brain/dream/settings/personal', { enrolled: false })).status,
      403,
    );
    assert.equal(
      (await call(app, owner, 'PUT', '/brain/dream/settings/atlantis', { enrolled: true })).status,
      404,
    );
    for (const bad of [{}, { enrolled: 'yes' }, { surprise: true }]) {
      assert.equal(
        (await call(app, owner, 'PUT', '/brain/dream/settings/personal', bad)).status,
        400,
        JSON.stringify(bad),
      );
    }
    const r = await call(app, owner, 'PUT', '/brain/dream/settings/personal', { allow_llm_text: false });
    assert.equal(r.status, 200);
    assert.deepEqual(r.json.effective, {
      enabled: false,
      allow_llm_text: false,
      enrolled: true,
      semantic_dedup: false,
    });
    const status = await call(app, owner, 'GET', '/brain/dream/status');
    assert.equal(status.json.enabled, false);
    assert.equal(status.json.workspaces[0].sources.allow_llm_text, 'stored');
    const audit = await app.quorra.conversation.audit.recent(5);
    const entry = audit.find((a) => a.tool === 'dream_settings');
    assert.ok(entry);
    assert.equal(entry.userId, owner.id);
    assert.deepEqual((entry.input as any).after.allowLlmText, false);
    assert.match(await command(owner, 'owner', ['run']), /Dream is off/);
    assert.equal(
      (await call(app, owner, 'PUT', '/brain/dream/settings/personal', { allow_llm_text: null })).json
        .effective.enabled,
      true,
    );
  });

  it('POST /brain/dream/run starts a pass for the owner, and /metrics carries Dream’s counters', async () => {
    assert.equal((await call(app, member, 'POST', '/brain/dream/run')).status, 403);
    assert.equal((await call(app, owner, 'POST', '/brain/dream/run')).status, 202);
    await app.quorra.dream.idle();
    const metrics = await (await fetch(`${app.url}/metrics`, { headers: metricsHeaders })).text();
    assert.match(metrics, /quorra_dream_notes_read_total 2/);
    assert.match(metrics, /quorra_dream_beliefs_written_total 2/);
    assert.match(metrics, /quorra_dream_runs_total\{status="ok"\} 2/);
    const health = await call(app, owner, 'GET', '/health/details');
    assert.ok(JSON.stringify(health.json).includes('dream.consolidate'));
  });
});
