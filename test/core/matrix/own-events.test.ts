// The bot's sync filter and the own state events put back where matrix-bot-sdk looks for them.
import assert from 'node:assert/strict';
import { restoreOwnState, syncFilter } from '../../../core/matrix/own-events.ts';

const bot = '@quorra:localhost';
const ev = (id: string, sender: string, extra: Record<string, unknown> = {}) => ({
  event_id: id,
  sender,
  type: 'm.room.member',
  content: { membership: 'join' },
  ...extra,
});

describe('own events', () => {
  it("filters only the bot's own events out of its timelines", () => {
    assert.deepEqual(syncFilter(bot), { room: { timeline: { limit: 50, not_senders: [bot] } } });
  });

  it("puts the bot's own state events from the state section at the head of the timeline, once", () => {
    const join = ev('$join', bot, { state_key: bot });
    const encryption = ev('$enc', bot, { type: 'm.room.encryption', state_key: '', content: {} });
    const theirs = ev('$alice', '@alice:localhost', { state_key: '@alice:localhost' });
    const message = ev('$msg', '@alice:localhost', { type: 'm.room.message', content: { body: 'hi' } });
    const leave = ev('$leave', bot, { state_key: bot, content: { membership: 'leave' } });
    const res = {
      rooms: {
        join: {
          '!a': { state: { events: [theirs, join, encryption] }, timeline: { events: [message] } },
          // already in the timeline (no filter took it out): not doubled
          '!b': { state: { events: [join] }, timeline: { events: [join] } },
          '!c': { state: { events: [theirs] }, timeline: { events: [] } },
        },
        leave: { '!d': { state: { events: [leave] } } },
      },
    };
    restoreOwnState(res, bot);
    const ids = (room: any) => room.timeline.events.map((e: any) => e.event_id);
    assert.deepEqual(ids(res.rooms.join['!a']), ['$join', '$enc', '$msg']);
    assert.deepEqual(ids(res.rooms.join['!b']), ['$join']);
    assert.deepEqual(ids(res.rooms.join['!c']), [], "another sender's state stays in the state section");
    assert.deepEqual(ids(res.rooms.leave['!d']), ['$leave']);
    // a message event of the bot's in the state section cannot be; nothing else is touched
    assert.deepEqual(res.rooms.join['!a'].state.events, [theirs, join, encryption]);
  });

  it('leaves a response without rooms alone', () => {
    const res = { next_batch: 's1' };
    restoreOwnState(res, bot);
    assert.deepEqual(res, { next_batch: 's1' });
    restoreOwnState(undefined, bot);
  });
});
