// The turn queue's slot choice: a conversation goes back to its own sequence, a newcomer evicts the least recent.
import assert from 'node:assert/strict';
import { TurnQueue } from '../../../../core/model/embedded/turn-queue.ts';

describe('TurnQueue slot affinity', () => {
  it('gives the slot `prefer` scores highest, the longest-freed on a tie, the last freed without prefer', async () => {
    const q = new TurnQueue(['a', 'b', 'c'], 4);
    const took = (prefer?: (s: string) => number) => q.run(async (s) => s, undefined, prefer);
    assert.equal(await took((s) => (s === 'b' ? 5 : 1)), 'b');
    // free is now a, c, b (b freed last): a tie goes to the one freed longest ago
    assert.equal(await took(() => 0), 'a');
    // without a preference: the last freed, as the queue always did
    assert.equal(await took(), 'a');
  });

  it('still serves waiters in arrival order, whatever their preference', async () => {
    const q = new TurnQueue(['only'], 4);
    let release!: () => void;
    const first = q.run(() => new Promise<string>((r) => (release = () => r('first'))));
    const order: string[] = [];
    const second = q.run(
      async (s) => order.push(`second:${s}`),
      undefined,
      () => 9,
    );
    const third = q.run(async (s) => order.push(`third:${s}`));
    await new Promise((r) => setImmediate(r));
    release();
    await Promise.all([first, second, third]);
    assert.deepEqual(order, ['second:only', 'third:only']);
  });
});
