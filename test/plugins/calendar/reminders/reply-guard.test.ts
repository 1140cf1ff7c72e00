// The reminder claim check: which replies count as claiming a reminder is set, and when they are left alone.
import assert from 'node:assert/strict';
import {
  FAILED_CORRECTION,
  NOT_CALLED_CORRECTION,
  reviewReminderClaim,
} from '../../../../plugins/calendar/reminders/reply-guard.ts';

const failed = [{ name: 'reminder_set', outcome: 'error' as const }];
const ok = [{ name: 'reminder_set', outcome: 'ok' as const }];

describe('calendar reminder claim check', () => {
  it('corrects claims after a failed or missing reminder_set', () => {
    for (const reply of [
      'Reminder set for 8am!',
      'Done, I have set a reminder for you.',
      'Your reminder is scheduled.',
      "Sure, I'll remind you tomorrow.",
      'OK — I will remind you at noon.',
    ]) {
      assert.equal(reviewReminderClaim(reply, failed), FAILED_CORRECTION, reply);
      assert.equal(reviewReminderClaim(reply, []), NOT_CALLED_CORRECTION, reply);
    }
  });

  it('leaves true claims, listings and unrelated replies alone', () => {
    assert.equal(reviewReminderClaim('Reminder set for 8am!', ok), undefined);
    assert.equal(
      reviewReminderClaim('You have 2 reminders set.', [{ name: 'reminder_list', outcome: 'ok' }]),
      undefined,
    );
    assert.equal(reviewReminderClaim('The table is set for dinner.', []), undefined);
    assert.equal(reviewReminderClaim('Milk is on the list.', failed), undefined);
  });
});
