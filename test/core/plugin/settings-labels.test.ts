// Every setting of every bundled plugin carries a label and a line of help in its zod schema, and the settings JSON
// Schema the admin form reads publishes both.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { rootDir } from '../../../core/build-info.ts';
import type { PluginDefinition } from '../../../core/plugin/define-plugin.ts';
import { type SettingsSchemaNode, settingsJsonSchema } from '../../../core/plugin/settings-schema.ts';

/** Dotted paths of the fields without a title or description, through nested objects and lists of records. */
function unlabelled(node: SettingsSchemaNode, prefix: string[] = []): string[] {
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => {
    const at = [...prefix, key];
    const own = child.title && child.description ? [] : [at.join('.')];
    const items = child.items as SettingsSchemaNode | undefined;
    return [...own, ...unlabelled(child, at), ...(items?.properties ? unlabelled(items, [...at, '*']) : [])];
  });
}

describe('plugin settings in words', () => {
  const ids = readdirSync(path.join(rootDir, 'plugins'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

  it('finds the bundled plugins', () => {
    for (const id of ['calendar', 'concierge', 'finance', 'knowledge', 'notepad'])
      assert.ok(ids.includes(id), id);
  });

  for (const id of ids) {
    it(`labels and explains every setting of ${id}`, async () => {
      const definition = (await import(path.join(rootDir, 'plugins', id, 'index.ts')))
        .default as PluginDefinition;
      if (!definition.settings) return;
      const schema = settingsJsonSchema(definition.settings);
      // a plugin without settings has nothing to label
      assert.deepEqual(unlabelled(schema), [], `${id} settings without a label or help`);
    });
  }

  it('marks the fields that need an outside service, for Test connection', async () => {
    const calendar = (await import('../../../plugins/calendar/index.ts')).default;
    const concierge = (await import('../../../plugins/concierge/index.ts')).default;
    assert.equal(settingsJsonSchema(calendar.settings!).properties?.url.service, 'caldav');
    assert.equal(settingsJsonSchema(concierge.settings!).properties?.pms.service, 'pms');
  });
});
