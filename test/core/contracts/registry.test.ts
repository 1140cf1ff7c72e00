// The registry: coded duplicates, and a listing kept between changes that is never stale after one.
import assert from 'node:assert/strict';
import { QuorraError } from '../../../core/contracts/errors.ts';
import { Registry } from '../../../core/contracts/registry.ts';

describe('registry', () => {
  const make = () => new Registry<{ name: string }>('tool', (t) => t.name);

  it('lists in registration order and lists anew after every add and every removal', () => {
    const r = make();
    const a = r.add({ name: 'a' });
    const first = r.list();
    assert.equal(r.list(), first, 'the same listing while nothing changed');
    r.add({ name: 'b' });
    assert.deepEqual(
      r.list().map((t) => t.name),
      ['a', 'b'],
    );
    const v = r.version;
    a.dispose();
    assert.deepEqual(
      r.list().map((t) => t.name),
      ['b'],
    );
    assert.notEqual(r.version, v);
    a.dispose(); // a second dispose changes nothing
    assert.deepEqual(
      r.list().map((t) => t.name),
      ['b'],
    );
  });

  it('hands out a listing no caller can change under the others', () => {
    const r = make();
    r.add({ name: 'a' });
    assert.throws(() => (r.list() as { name: string }[]).push({ name: 'sneaky' }), TypeError);
    assert.deepEqual(
      r.list().map((t) => t.name),
      ['a'],
    );
  });

  it('refuses a duplicate key with a coded error and keeps the first', () => {
    const r = make();
    r.add({ name: 'a' }, 'one');
    assert.throws(
      () => r.add({ name: 'a' }, 'two'),
      (e: unknown) => e instanceof QuorraError && e.code === 'QUORRA_DUPLICATE_TOOL',
    );
    assert.equal(r.ownerOf('a'), 'one');
    assert.equal(r.list().length, 1);
  });
});
