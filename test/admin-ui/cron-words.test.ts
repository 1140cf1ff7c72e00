// Cron schedules in the words the admin UI shows, and the unusual ones left as they are.
import assert from 'node:assert/strict';
import { describeCron } from '../../admin-ui/src/cron-words.ts';

describe('cron in words', () => {
  it('says common schedules plainly', () => {
    assert.equal(describeCron('15 3 * * *'), 'every night at 3:15');
    assert.equal(describeCron('0 18 * * *'), 'every day at 18:00');
    assert.equal(describeCron('*/5 * * * *'), 'every 5 minutes');
    assert.equal(describeCron('* * * * *'), 'every minute');
    assert.equal(describeCron('30 * * * *'), 'every hour at 30 past');
    assert.equal(describeCron('0 9 * * 1'), 'every Monday at 9:00');
    assert.equal(describeCron('0 9 * * 1,2,3,4,5'), 'every weekday at 9:00');
    assert.equal(describeCron('0 7 * * 0,6'), 'every Sunday and Saturday at 7:00');
    assert.equal(describeCron('0 8 1 * *'), 'on day 1 of every month at 8:00');
    assert.equal(describeCron('0 0 1 1 *'), 'every year on January 1 at 0:00');
  });

  it('returns what it cannot say plainly unchanged', () => {
    for (const cron of ['0 9-17 * * *', '0 9 * * MON', '@daily', '0 0 1 1 1', '61 3 * * *'])
      assert.equal(describeCron(cron), cron);
  });
});
