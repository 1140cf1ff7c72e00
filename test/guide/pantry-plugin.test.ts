// The pantry plugin, written from plugins/README.md alone: its tool, command and job through the plugin kit.
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { type KitPerson, type PluginKit, pluginKit } from '../support/plugin-kit.ts';

const pantryDir = fileURLToPath(new URL('../fixtures/fresh-plugins/pantry', import.meta.url));

describe('pantry (fresh plugin from the guide)', () => {
  let kit: PluginKit;
  let max: KitPerson;
  before(async () => {
    kit = await pluginKit([pantryDir]);
    max = await kit.person('Max');
  });
  after(() => kit.stop());

  it('adds items, lists them, and notifies about stale ones', async () => {
    assert.equal(await kit.runCommand('pantry', { as: max }), 'The pantry is empty.');
    const old = await kit.runTool('pantry_add', { name: 'Rice', bought: '2000-01-01' }, { as: max });
    assert.equal(old.outcome.kind === 'result' && old.outcome.outcome, 'ok');
    assert.deepEqual(old.json, { added: 1 });
    const fresh = await kit.runTool('pantry_add', { name: 'Milk' }, { as: max });
    assert.equal(fresh.outcome.kind === 'result' && fresh.outcome.outcome, 'ok');
    const today = new Date().toISOString().slice(0, 10);
    assert.equal(await kit.runCommand('pantry', { as: max }), `- Rice (2000-01-01)\n- Milk (${today})`);
    assert.equal(await kit.runJob('pantry', 'stale'), 'ok');
    assert.deepEqual(
      (await kit.outbox(max)).map((n) => n.text),
      ['Pantry: Rice was bought on 2000-01-01'],
    );
  });
});
