// Reading an answer to one proposal: yes / send, no / discard, defer, edit: <text>; anything else is not understood.
import assert from 'node:assert/strict';
import { readApprovalAnswer } from '../../../core/approvals/approval-reply.ts';

describe('approval answers', () => {
  it('understands yes, send, no, discard, defer, edit: <text> and edit <text>', () => {
    for (const yes of [' Send ', 'yes', 'OK', 'approve!'])
      assert.deepEqual(readApprovalAnswer(yes), { action: 'approve' }, yes);
    for (const no of ['no', 'discard', 'Reject.'])
      assert.deepEqual(readApprovalAnswer(no), { action: 'reject' }, no);
    assert.deepEqual(readApprovalAnswer('later'), { action: 'defer' });
    assert.deepEqual(readApprovalAnswer('edit: Use the side door'), {
      action: 'edit',
      text: 'Use the side door',
    });
    assert.deepEqual(readApprovalAnswer('Edit Use the side door'), {
      action: 'edit',
      text: 'Use the side door',
    });
  });

  it('never guesses: anything else is unknown', () => {
    for (const other of ['edit:', 'edit', 'sender', 'editorial', 'send it now', 'yes please send'])
      assert.deepEqual(readApprovalAnswer(other), { action: 'unknown' }, other);
  });
});
