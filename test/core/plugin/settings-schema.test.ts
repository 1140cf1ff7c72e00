// Settings as JSON Schema for the admin form: secret fields found (by meta or by name, nested too), redacted, and kept or removed on save.
import assert from 'node:assert/strict';
import { z } from 'zod';
import {
  mergeSecrets,
  redactSecrets,
  secretPaths,
  settingsJsonSchema,
} from '../../../core/plugin/settings-schema.ts';

const schema = z
  .object({
    url: z.url().optional(),
    pin: z.string().meta({ secret: true }).optional(),
    password: z.string().default(''),
    pms: z
      .object({ baseUrl: z.url(), apiKey: z.string().min(1) })
      .strict()
      .optional(),
    retries: z.number().int().min(1).max(10).default(3),
  })
  .strict();

describe('plugin settings schema', () => {
  const json = settingsJsonSchema(schema);
  const paths = secretPaths(json);

  it('marks secrets declared with .meta({ secret: true }) and those named like one, inside nested objects too', () => {
    assert.deepEqual(paths.map((p) => p.join('.')).sort(), ['password', 'pin', 'pms.apiKey']);
    const props = json.properties ?? {};
    assert.equal(props.url.secret, undefined);
    assert.equal(props.retries.maximum, 10, 'the limits reach the form');
  });

  it('never lets a secret value out, only whether it is set', () => {
    const stored = {
      url: 'http://x.test',
      pin: '1234',
      password: '',
      pms: { baseUrl: 'http://p.test', apiKey: 'k-1' },
    };
    const { values, secrets } = redactSecrets(stored, paths);
    assert.deepEqual(values, { url: 'http://x.test', pms: { baseUrl: 'http://p.test' } });
    assert.deepEqual(secrets, { pin: true, password: false, 'pms.apiKey': true });
    assert.equal(stored.pin, '1234', 'the stored settings are not changed');
  });

  it('keeps a secret the form left out, replaces a typed one, removes one sent as null, and drops it with its object', () => {
    const current = { pin: '1234', password: 'old', pms: { baseUrl: 'http://p.test', apiKey: 'k-1' } };
    assert.deepEqual(mergeSecrets({ retries: 5, pms: { baseUrl: 'http://q.test' } }, current, paths), {
      retries: 5,
      pin: '1234',
      password: 'old',
      pms: { baseUrl: 'http://q.test', apiKey: 'k-1' },
    });
    assert.deepEqual(mergeSecrets({ pin: null, password: 'new' }, current, paths), { password: 'new' });
    assert.ok(schema.safeParse(mergeSecrets({}, current, paths)).success);
  });

  it('treats a secret inside a list of records the same: never out, kept by the entry’s id, not its place', () => {
    const listed = z.object({
      servers: z.array(z.object({ id: z.string(), url: z.url(), token: z.string().optional() })).default([]),
    });
    const p = secretPaths(settingsJsonSchema(listed));
    assert.deepEqual(p, [['servers', '*', 'token']]);
    const stored = {
      servers: [
        { id: 'ha', url: 'http://ha.test', token: 'ha-secret' },
        { id: 'nc', url: 'http://nc.test', token: 'nc-secret' },
      ],
    };
    const { values, secrets } = redactSecrets(stored, p);
    assert.ok(!JSON.stringify(values).includes('secret'), JSON.stringify(values));
    assert.deepEqual(secrets, { 'servers.0.token': true, 'servers.1.token': true });
    // the first entry removed: the second keeps its own token, not the first one's
    assert.deepEqual(mergeSecrets({ servers: [{ id: 'nc', url: 'http://nc.test' }] }, stored, p), {
      servers: [{ id: 'nc', url: 'http://nc.test', token: 'nc-secret' }],
    });
    // a new entry gets none; null removes one
    assert.deepEqual(
      mergeSecrets(
        {
          servers: [
            { id: 'ha', url: 'http://ha.test', token: null },
            { id: 'x', url: 'http://x.test' },
          ],
        },
        stored,
        p,
      ),
      {
        servers: [
          { id: 'ha', url: 'http://ha.test' },
          { id: 'x', url: 'http://x.test' },
        ],
      },
    );
  });
});
