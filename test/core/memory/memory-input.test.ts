// Memory validation: bad input is refused with its reason (a 400 through the envelope) and nothing is written.
import assert from 'node:assert/strict';
import { ZodError } from 'zod';
import { toEnvelope } from '../../../core/http/error-envelope.ts';
import { memoryInputSchema } from '../../../core/memory/memory-input.ts';
import { MemoryStore } from '../../../core/memory/memory-store.ts';
import { type MemoryDb, openMemoryDb } from './memory-db.ts';

const origin = { ownerUserId: 'alice', workspace: null, provenance: 'user_stated' } as const;

const badInputs: Array<[string, unknown, string]> = [
  ['empty content', { content: '' }, 'content'],
  ['blank content', { content: '   \n ' }, 'content'],
  ['oversized content', { content: 'x'.repeat(2001) }, 'content'],
  ['non-string content', { content: 42 }, 'content'],
  ['unknown kind', { content: 'ok', kind: 'rumour' }, 'kind'],
  ['unknown importance', { content: 'ok', importance: 'urgent' }, 'importance'],
  ['confidence above 1', { content: 'ok', confidence: 1.5 }, 'confidence'],
  ['confidence below 0', { content: 'ok', confidence: -0.1 }, 'confidence'],
  ['a tag that is too long', { content: 'ok', tags: ['x'.repeat(41)] }, 'tags.0'],
  ['an empty tag', { content: 'ok', tags: [' '] }, 'tags.0'],
  ['a tag starting with punctuation', { content: 'ok', tags: ['-home'] }, 'tags.0'],
  ['a tag with a quote', { content: 'ok', tags: ['a"b'] }, 'tags.0'],
  ['a tag that is not a string', { content: 'ok', tags: [7] }, 'tags.0'],
  ['tags that are not a list', { content: 'ok', tags: 'home' }, 'tags'],
  ['too many tags', { content: 'ok', tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
  ['an expiry in the past', { content: 'ok', expiresAt: '2001-01-01T00:00:00Z' }, 'expiresAt'],
  ['an expiry that is not a date', { content: 'ok', expiresAt: 'tomorrow' }, 'expiresAt'],
  ['surfaceOnce that is not a boolean', { content: 'ok', surfaceOnce: 'yes' }, 'surfaceOnce'],
  ['an unknown field', { content: 'ok', owner: 'bob' }, ''],
];

describe('memory input validation', () => {
  let m: MemoryDb;
  let store: MemoryStore;
  const count = async () => (await m.db.query('SELECT COUNT(*) AS n FROM memories'))[0].n;

  before(async () => {
    m = await openMemoryDb();
    store = new MemoryStore(m.db, { now: m.now });
  });
  after(() => m.close());

  for (const [name, input, path] of badInputs) {
    it(`refuses ${name} with a 400 naming "${path || 'the object'}", writing nothing`, async () => {
      const err = await store.create(input as never, origin).then(
        () => assert.fail('accepted'),
        (e: unknown) => e,
      );
      assert.ok(err instanceof ZodError);
      const { status, body } = toEnvelope(err);
      assert.equal(status, 400);
      assert.equal(body.error.code, 'VALIDATION_FAILED');
      const details = body.error.details as Array<{ path: string }>;
      assert.ok(
        details.some((d) => d.path === path),
        JSON.stringify(details),
      );
      assert.equal(await count(), 0);
    });
  }

  it('refuses a bad origin (unknown provenance, blank workspace) writing nothing', async () => {
    await assert.rejects(
      store.create({ content: 'ok' }, { ...origin, provenance: 'hearsay' } as never),
      ZodError,
    );
    await assert.rejects(store.create({ content: 'ok' }, { ...origin, workspace: ' ' }), ZodError);
    assert.equal(await count(), 0);
  });

  it('refuses an empty or invalid owner edit and leaves the memory unchanged', async () => {
    const mem = await store.create({ content: 'original', tags: ['a'] }, origin);
    await assert.rejects(store.update(mem.id, {}), ZodError);
    await assert.rejects(store.update(mem.id, { content: '', tags: ['ok'] }), ZodError);
    await assert.rejects(store.update(mem.id, { confidence: 2 }), ZodError);
    const after = await store.getForOwner(mem.id);
    assert.equal(after?.content, 'original');
    assert.deepEqual(after?.tags, ['a']);
    await m.db.query('DELETE FROM memories');
  });

  it('normalizes what it accepts: trimmed content, lowercased deduplicated tags, defaults filled in', () => {
    const parsed = memoryInputSchema.parse({ content: '  Hello  ', tags: ['Garden', 'garden ', 'Ärger_1'] });
    assert.deepEqual(parsed, {
      content: 'Hello',
      kind: 'fact',
      importance: 'contextual',
      tags: ['garden', 'ärger_1'],
      confidence: 0.9,
      expiresAt: null,
      surfaceOnce: false,
    });
  });
});
