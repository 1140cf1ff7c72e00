// The settings form's reading of real plugin schemas: which editor each field gets, and where the server's messages land.
import assert from 'node:assert/strict';
import { valueWords } from '../../admin-ui/src/default-words.ts';
import {
  choicesOf,
  choiceWords,
  fieldKind,
  fieldPaths,
  labelOf,
  nodeAt,
  pairsText,
  parsePairs,
  placeIssues,
  pruneEmpty,
  type SchemaNode,
} from '../../admin-ui/src/schema-fields.ts';
import { collectSettings } from '../../admin-ui/src/settings-collect.ts';
import { settingsJsonSchema } from '../../core/plugin/settings-schema.ts';
import { calendarSettings } from '../../plugins/calendar/calendar-settings.ts';
import { conciergeSettings } from '../../plugins/concierge/concierge-settings.ts';
import { financeSettings } from '../../plugins/finance/finance-settings.ts';
import { knowledgeSettings } from '../../plugins/knowledge/knowledge-settings.ts';
import { mcpSettings } from '../../plugins/mcp/mcp-settings.ts';

const calendar = settingsJsonSchema(calendarSettings) as SchemaNode;
const concierge = settingsJsonSchema(conciergeSettings) as SchemaNode;
const kinds = (s: SchemaNode) =>
  Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, n]) => [k, fieldKind(n)]));

describe('settings form fields', () => {
  it('gives each field of the real plugin schemas an editor', () => {
    assert.deepEqual(kinds(calendar), {
      url: 'text',
      username: 'text',
      password: 'secret',
      calendar: 'text',
      timezone: 'text',
      people: 'pairs',
      tasks: 'text',
      defaultList: 'text',
      workingHours: 'object',
      timeoutMs: 'number',
    });
    assert.equal(fieldKind(calendar.properties!.workingHours.properties!.days), 'weekdays');
    assert.deepEqual(kinds(concierge), {
      webhookSecret: 'secret',
      pms: 'object',
      accounts: 'list',
      sendAttempts: 'number',
      retryDelayMs: 'number',
      pmsTimeoutMs: 'number',
    });
    assert.equal(labelOf('pmsTimeoutMs', {}), 'PMS timeout (ms)');
  });

  it('offers every choice in words: a zod enum and a union of numbers alike, never the raw value', () => {
    const finance = settingsJsonSchema(financeSettings) as SchemaNode;
    const backend = finance.properties!.budgets.items!.properties!.backend;
    assert.equal(fieldKind(backend), 'enum');
    assert.deepEqual(
      choicesOf(backend)!.map((c) => choiceWords(backend, c)),
      ['Quorra’s own ledger', 'An Actual Budget file'],
    );
    // the default table of budgets says it in words too
    assert.equal(valueWords('ledger', backend), 'Quorra’s own ledger');
    const store = (settingsJsonSchema(knowledgeSettings) as SchemaNode).properties!.vectorStore;
    assert.equal(choiceWords(store, 'qdrant'), 'A Qdrant server');
    const server = (settingsJsonSchema(mcpSettings) as SchemaNode).properties!.servers.items!;
    assert.equal(choiceWords(server.properties!.audience, 'owner'), 'Owners only');
    const tier = (server.properties!.tools.additionalProperties as SchemaNode).properties!.tier;
    assert.equal(fieldKind(tier), 'enum');
    assert.deepEqual(choicesOf(tier), [0, 1, 2], 'the numbers stay numbers');
    assert.equal(choiceWords(tier, 2), 'Asks you first');
    // a choice with no words for it reads as itself
    assert.equal(choiceWords({ enum: ['a'] }, 'a'), 'a');
  });

  it('reads and writes name = value lines, and names a line that is not one', () => {
    assert.deepEqual(parsePairs('Max = Max privat\n\n anna=Anna '), { Max: 'Max privat', anna: 'Anna' });
    assert.equal(parsePairs('just words'), '"just words" is not name = value');
    assert.equal(pairsText({ Max: 'Max privat' }), 'Max = Max privat');
  });

  it('puts each server message on the deepest field shown, list entries included', () => {
    const values = { accounts: [{ account: 'A' }, { account: 'B', workspace: 'Bad Slug' }] };
    const paths = fieldPaths(concierge, values);
    assert.ok(paths.includes('accounts.1.workspace') && paths.includes('pms.baseUrl'));
    const { byField, unplaced } = placeIssues(
      [
        { path: 'accounts.1.workspace', message: 'a workspace slug' },
        { path: 'pms.baseUrl', message: 'Invalid URL' },
        { path: '', message: 'something about the whole' },
      ],
      paths,
    );
    assert.deepEqual(byField, { 'accounts.1.workspace': 'a workspace slug', 'pms.baseUrl': 'Invalid URL' });
    assert.deepEqual(unplaced, ['something about the whole']);
  });

  it('sends empty fields as not set, drops an untouched optional group, keeps list entries in place', () => {
    assert.deepEqual(
      pruneEmpty(
        { webhookSecret: '', pms: { baseUrl: '' }, accounts: [{ account: '' }, { account: 'B' }] },
        concierge,
      ),
      { accounts: [{}, { account: 'B' }] },
    );
  });

  it('edits a service’s per-tool rules as named groups of fields, and keeps what is typed inside a list entry', () => {
    const mcp = settingsJsonSchema(mcpSettings) as SchemaNode;
    const server = mcp.properties!.servers.items!;
    assert.equal(fieldKind(mcp.properties!.servers), 'list');
    assert.equal(fieldKind(server.properties!.tools), 'records');
    assert.equal(
      nodeAt(mcp, ['servers', '0', 'tools', 'ev_echo', 'tier']),
      (server.properties!.tools.additionalProperties as SchemaNode).properties!.tier,
    );
    const values = { servers: [{ id: 'ha', command: 'ha-mcp', tools: { light_on: { tier: 2 } } }] };
    assert.ok(fieldPaths(mcp, values).includes('servers.0.tools.light_on.tier'));
    // the arguments are a lines field inside the entry: once dropped without a word, now parsed like any other
    const got = collectSettings(
      { values: structuredClone(values), raw: { 'servers.0.args': '--port\n 8123 \n' }, secrets: {} },
      mcp,
    );
    assert.deepEqual(got.settings, {
      servers: [{ id: 'ha', command: 'ha-mcp', args: ['--port', '8123'], tools: { light_on: { tier: 2 } } }],
    });
    // a rule not yet given its tool's name is named back to the owner, nothing sent
    const unnamed = collectSettings(
      {
        values: { servers: [{ id: 'ha', command: 'ha-mcp', tools: { '': { tier: 0 } } }] },
        raw: {},
        secrets: {},
      },
      mcp,
    );
    assert.deepEqual(unnamed, { settings: null, errors: { 'servers.0.tools': 'give each entry its name' } });
    // a path the schema does not have is refused in words, not skipped
    const stray = collectSettings({ values: {}, raw: { 'nothing.here': 'x' }, secrets: {} }, mcp);
    assert.deepEqual(stray.errors, { 'nothing.here': 'this field is not part of the settings' });
  });
});
