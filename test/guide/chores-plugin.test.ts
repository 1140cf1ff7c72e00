// The plugin guide's worked example, tested the way the guide says: only this plugin booted, tools run as a person.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { call } from '../support/household.ts';
import { type KitPerson, type PluginKit, pluginKit } from '../support/plugin-kit.ts';

const chores = fileURLToPath(new URL('../fixtures/guide-plugins/chores', import.meta.url));

describe('plugin guide example: chores', () => {
  let kit: PluginKit;
  let olivia: KitPerson;
  let max: KitPerson;
  before(async () => {
    kit = await pluginKit([chores]);
    olivia = await kit.person('Olivia', 'owner');
    max = await kit.person('Max');
  });
  after(() => kit.stop());

  it('boots only the named plugin', () => {
    assert.deepEqual(
      kit.app.quorra.plugins.status().map((p) => [p.id, p.state]),
      [['chores', 'active']],
    );
  });

  it('adds a chore as a member (audited, tier 1) and lists it', async () => {
    const added = await kit.runTool('chores_add', { title: 'Bins out', assignee: max.id }, { as: olivia });
    assert.equal(added.outcome.kind === 'result' && added.outcome.outcome, 'ok');
    const audit = await kit.app.quorra.conversation.audit.recent(5);
    assert.ok(audit.some((e) => e.tool === 'chores_add' && e.userId === olivia.id));
    const listed = await kit.runTool('chores_list', {}, { as: max });
    assert.deepEqual(
      listed.json.chores.map((c: any) => [c.title, c.assigneeId]),
      [['Bins out', max.id]],
    );
  });

  it('refuses bad input and an unknown member, and keeps the tool from another scope', async () => {
    const bad = await kit.runTool('chores_add', { title: '' }, { as: olivia });
    assert.equal(bad.outcome.kind === 'result' && bad.outcome.outcome, 'invalid');
    const nobody = await kit.runTool('chores_add', { title: 'Dishes', assignee: 'ghost' }, { as: olivia });
    assert.equal(nobody.outcome.kind === 'result' && nobody.outcome.outcome, 'error');
    const elsewhere = await kit.runTool('chores_list', {}, { as: max, scope: ['general'] });
    assert.equal(elsewhere.outcome.kind === 'result' && elsewhere.outcome.outcome, 'refused');
  });

  it('answers its command as the caller, through the command router', async () => {
    assert.equal(await kit.runCommand('chores', { as: max }), '- Bins out');
    assert.equal(await kit.runCommand('chores', { as: olivia }), 'Nothing to do.');
  });

  it('runs its reminder job: each assignee gets one notice per open chore, nothing waits on approval', async () => {
    assert.equal(await kit.runJob('chores', 'reminders'), 'ok');
    assert.deepEqual(
      (await kit.outbox()).map((n) => [n.userId, n.text]),
      [[max.id, 'Still open: Bins out']],
    );
    assert.deepEqual(await kit.outbox(olivia), []);
    assert.deepEqual(await kit.approvals(), []);
  });

  it('serves its route to members only', async () => {
    assert.equal((await call(kit.app, null, 'GET', '/plugins/chores/open')).status, 401);
    const open = await call(kit.app, max, 'GET', '/plugins/chores/open');
    assert.equal(open.json.chores.length, 1);
  });
});
