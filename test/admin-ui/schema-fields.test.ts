// The settings form's reading of real plugin schemas: which editor each field gets, and where the server's messages land.
import assert from 'node:assert/strict';
import {
  fieldKind,
  fieldPaths,
  labelOf,
  pairsText,
  parsePairs,
  placeIssues,
  pruneEmpty,
  type SchemaNode,
} from '../../admin-ui/src/schema-fields.ts';
import { settingsJsonSchema } from '../../core/plugin/settings-schema.ts';
import { calendarSettings } from '../../plugins/calendar/calendar-settings.ts';
import { conciergeSettings } from '../../plugins/concierge/concierge-settings.ts';

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
});
