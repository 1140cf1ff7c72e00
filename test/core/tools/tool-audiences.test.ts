// Every registered tool says who it is for: the table of a Quorra with every bundled plugin, and the rule at registration.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { audienceRows, audienceTable, withAudienceTable } from '../../../core/engine/tool-audience-table.ts';
import { type BootedApp, bootApp } from '../../support/boot-app.ts';

const docPath = path.join(import.meta.dirname, '../../../docs/security.md');

describe('tool audiences', () => {
  let app: BootedApp;
  before(async () => {
    // every bundled plugin on (calendar included: its tools register with or without a server)
    app = await bootApp({ listen: false, connectMatrix: false });
  });
  after(() => app.stop({ clean: true }));

  it('gives every tool of core and every bundled plugin an audience, tier 1+ above all', () => {
    const tools = app.quorra.registries.tools.list();
    const rows = audienceRows(tools);
    console.log(rows.map((r) => `    ${r.tool.padEnd(28)} tier ${r.tier}  ${r.audience}`).join('\n'));
    // each plugin that ships tools is in the table (a plugin failing to boot would hide its tools)
    const owners = new Set(tools.map((t) => app.quorra.registries.tools.ownerOf(t.name)));
    for (const p of ['core', 'finance', 'calendar', 'knowledge', 'diagnostics', 'concierge'])
      assert.ok(owners.has(p), `no tools from ${p}`);
    assert.deepEqual(
      rows.filter((r) => r.audience === '(none)').map((r) => r.tool),
      [],
      'tools without an audience',
    );
  });

  it('keeps the removal of backups, the checks and detailed health away from members', () => {
    const aud = (name: string) => app.quorra.registries.tools.get(name)?.audience;
    assert.equal(aud('diagnostics_prune_backups'), 'owner');
    assert.equal(aud('diagnostics_run_check'), 'owner');
    assert.equal(aud('document_overwrite'), 'owner');
  });

  it('keeps the table in docs/security.md equal to the registry', () => {
    const reg = app.quorra.registries.tools;
    const table = audienceTable(reg.list(), (name) => reg.ownerOf(name) ?? '?');
    const doc = readFileSync(docPath, 'utf8');
    if (process.env.WRITE_TOOL_AUDIENCES === '1') writeFileSync(docPath, withAudienceTable(doc, table));
    const now = readFileSync(docPath, 'utf8');
    assert.equal(withAudienceTable(now, table), now);
    assert.ok(now.includes(table));
  });

  it('refuses a tier-1 tool without an audience added at run time, through the registry', () => {
    const bare = {
      name: 'runtime_write',
      description: 'a tool a plugin builds by hand',
      tier: 1 as const,
      scopes: ['general'],
      input: z.object({}),
      run: () => 'ok',
    };
    assert.throws(() => app.quorra.registries.tools.add(bare, 'mcp'), /must declare its audience/);
    assert.equal(app.quorra.registries.tools.has('runtime_write'), false);
    // with one it is accepted (and removable again)
    const added = app.quorra.registries.tools.add({ ...bare, audience: 'owner' }, 'mcp');
    assert.equal(app.quorra.registries.tools.get('runtime_write')?.audience, 'owner');
    added.dispose();
  });
});
