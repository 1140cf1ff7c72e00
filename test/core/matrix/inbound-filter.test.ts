// Who gets an answer, as pure functions: first look at an event, mentions, mention stripping, reply fallbacks, threads.
import assert from 'node:assert/strict';
import {
  firstLook,
  isAddressed,
  isMentioned,
  relationOf,
  stripMention,
  stripReplyFallback,
  utcDay,
  withSenderName,
} from '../../../core/matrix/inbound-filter.ts';

const bot = { userId: '@quorra:home.test', displayName: 'Quorra' };
const opts = { botUserId: bot.userId, cutoffTs: 1_000_000 };
const msg = (content: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'm.room.message',
  sender: '@alice:home.test',
  origin_server_ts: 2_000_000,
  event_id: '$e',
  content: { msgtype: 'm.text', body: 'hello', ...content },
  ...extra,
});

describe('inbound filter', () => {
  describe('firstLook', () => {
    it('takes a text message in', () => {
      assert.deepEqual(firstLook(msg({}), opts), { take: 'message' });
      assert.deepEqual(firstLook(msg({ msgtype: 'm.emote' }), opts), { take: 'message' });
    });

    it('ignores its own events, notices, edits and events older than the catch-up window', () => {
      assert.deepEqual(firstLook(msg({}, { sender: bot.userId }), opts), { ignore: 'own' });
      assert.deepEqual(firstLook(msg({ msgtype: 'm.notice' }), opts), { ignore: 'notice' });
      const edit = {
        'm.new_content': { body: 'x' },
        'm.relates_to': { rel_type: 'm.replace', event_id: '$old' },
      };
      assert.deepEqual(firstLook(msg(edit), opts), { ignore: 'edit' });
      assert.deepEqual(firstLook(msg({}, { origin_server_ts: 999_999 }), opts), { ignore: 'too_old' });
      assert.deepEqual(firstLook(msg({}, { origin_server_ts: 1_000_000 }), opts), { take: 'message' });
    });

    it('ignores empty bodies and non-text messages; takes encrypted events in as undecryptable', () => {
      assert.deepEqual(firstLook(msg({ body: '   ' }), opts), { ignore: 'no_text' });
      assert.deepEqual(firstLook(msg({ msgtype: 'm.image', body: 'cat.png' }), opts), {
        ignore: 'unsupported',
      });
      // a plain file goes to the plugins' file handlers; an encrypted one (no plain url) does not
      const file = { msgtype: 'm.file', body: 'statement.ofx', url: 'mxc://home.test/abc' };
      assert.deepEqual(firstLook(msg(file), opts), { take: 'message' });
      assert.deepEqual(
        firstLook(msg({ msgtype: 'm.file', body: 'x.ofx', file: { url: 'mxc://h/e' } }), opts),
        {
          ignore: 'unsupported',
        },
      );
      const enc = {
        type: 'm.room.encrypted',
        sender: '@alice:home.test',
        origin_server_ts: 2_000_000,
        content: {},
      };
      assert.deepEqual(firstLook(enc, opts), { take: 'encrypted' });
      assert.deepEqual(firstLook({ ...enc, sender: bot.userId }, opts), { ignore: 'own' });
    });
  });

  describe('isMentioned', () => {
    it('sees m.mentions, a pill, or the display name / user id as a word', () => {
      assert.ok(isMentioned({ body: 'check the boiler', 'm.mentions': { user_ids: [bot.userId] } }, bot));
      const pill = `<a href="https://matrix.to/#/${bot.userId}">the bot</a> lights off?`;
      assert.ok(isMentioned({ body: 'the bot lights off?', formatted_body: pill }, bot));
      const encoded = `<a href="https://matrix.to/#/${encodeURIComponent(bot.userId)}">x</a>`;
      assert.ok(isMentioned({ body: 'x', formatted_body: encoded }, bot));
      assert.ok(isMentioned({ body: 'quorra: what is for dinner?' }, bot));
      assert.ok(isMentioned({ body: 'thanks @quorra:home.test!' }, bot));
    });

    it('does not fire on other people, other mentions, substrings or quoted reply fallbacks', () => {
      assert.ok(
        !isMentioned({ body: 'hello everyone', 'm.mentions': { user_ids: ['@bob:home.test'] } }, bot),
      );
      assert.ok(!isMentioned({ body: 'we drove through Quorraville' }, bot));
      assert.ok(!isMentioned({ body: '!quorra status' }, bot), 'a bang-command is not a mention');
      assert.ok(!isMentioned({ body: '> <@quorra:home.test> Quorra said hi\n\nnice' }, bot));
      assert.ok(
        !isMentioned(
          { body: 'hello', formatted_body: '<a href="https://matrix.to/#/@bob:home.test">Bob</a>' },
          bot,
        ),
      );
    });

    it('follows the bot as its name changes (the identity is filled in at connect)', () => {
      const live: { userId: string; displayName?: string } = { userId: '@helper:home.test' };
      assert.ok(!isMentioned({ body: 'Quorra, lights off?' }, live));
      live.displayName = 'Quorra';
      assert.ok(isMentioned({ body: 'Quorra, lights off?' }, live));
      assert.equal(stripMention('Quorra, lights off?', live), 'lights off?');
      live.displayName = 'Jarvis';
      assert.ok(!isMentioned({ body: 'Quorra, lights off?' }, live));
      assert.equal(stripMention('Jarvis: lights off? Quorra', live), 'lights off? Quorra');
    });
  });

  describe('stripMention', () => {
    it('removes a leading mention with its colon or comma', () => {
      assert.equal(stripMention('Quorra: what is for dinner?', bot), 'what is for dinner?');
      assert.equal(stripMention('quorra, lights off', bot), 'lights off');
      assert.equal(stripMention('@quorra:home.test: hi', bot), 'hi');
    });

    it('removes an inline mention and tidies the spacing', () => {
      assert.equal(stripMention('thanks Quorra!', bot), 'thanks!');
      assert.equal(stripMention('can you Quorra check the boiler', bot), 'can you check the boiler');
      assert.equal(stripMention('Quorraville is far', bot), 'Quorraville is far');
    });
  });

  it('drops a rich-reply fallback and keeps the answer', () => {
    assert.equal(stripReplyFallback('> <@quorra:home.test> Shall I?\n> more\n\nyes'), 'yes');
    assert.equal(stripReplyFallback('no fallback here'), 'no fallback here');
  });

  it('reads the thread and the replied-to event (not a thread fallback)', () => {
    assert.deepEqual(relationOf({ 'm.relates_to': { 'm.in_reply_to': { event_id: '$q' } } }), {
      inReplyTo: '$q',
    });
    const thread = {
      rel_type: 'm.thread',
      event_id: '$root',
      is_falling_back: true,
      'm.in_reply_to': { event_id: '$last' },
    };
    assert.deepEqual(relationOf({ 'm.relates_to': thread }), { threadRoot: '$root' });
    const explicit = { ...thread, is_falling_back: false };
    assert.deepEqual(relationOf({ 'm.relates_to': explicit }), { threadRoot: '$root', inReplyTo: '$last' });
    assert.deepEqual(relationOf({}), {});
  });

  it('prefixes the sender name, decides who is addressed, and names the UTC day', () => {
    assert.equal(withSenderName('Bob [kid]', 'hi'), '[Bob kid] hi');
    assert.ok(isAddressed({ isDirect: true, mentioned: false, isCommand: false, answersBot: false }));
    assert.ok(!isAddressed({ isDirect: false, mentioned: false, isCommand: false, answersBot: false }));
    assert.ok(isAddressed({ isDirect: false, mentioned: false, isCommand: true, answersBot: false }));
    assert.ok(isAddressed({ isDirect: false, mentioned: false, isCommand: false, answersBot: true }));
    assert.equal(utcDay(new Date('2026-03-01T23:30:00-02:00')), '2026-03-02');
  });
});
