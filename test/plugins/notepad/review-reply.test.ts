// The morning summary's reply grammar: numbered answers, bare answers only when one item waits.
import assert from 'node:assert/strict';
import { parseReviewReply } from '../../../plugins/notepad/review-reply.ts';

describe('notepad review replies', () => {
  it('reads numbered yes / no / defer / edit and answers', () => {
    assert.deepEqual(parseReviewReply('yes 2', 3), { action: 'yes', n: 2 });
    assert.deepEqual(parseReviewReply('No #1', 3), { action: 'no', n: 1 });
    assert.deepEqual(parseReviewReply('defer 3', 3), { action: 'defer', n: 3 });
    assert.deepEqual(parseReviewReply('edit 2: at 10 instead', 3), {
      action: 'edit',
      n: 2,
      text: 'at 10 instead',
    });
    assert.deepEqual(parseReviewReply('3: Sam Reilly', 3), { action: 'answer', n: 3, text: 'Sam Reilly' });
  });

  it('takes bare words only when exactly one item waits', () => {
    assert.deepEqual(parseReviewReply('yes', 1), { action: 'yes', n: 1 });
    assert.deepEqual(parseReviewReply('edit: Friday', 1), { action: 'edit', n: 1, text: 'Friday' });
    assert.equal(parseReviewReply('yes', 2), null);
    assert.equal(parseReviewReply('whatever', 2), null);
    assert.deepEqual(parseReviewReply('the blue one', 1), { action: 'answer', n: 1, text: 'the blue one' });
  });
});
