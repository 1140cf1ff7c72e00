// Who gets an answer: pure decisions over raw Matrix events (own, notices, edits, age, mentions) and text clean-up.
import type { RawEvent } from './inbound-message.ts';
import { reactionAnswer } from './reaction-answers.ts';

/** Content fields read before a message is typed (all of them may be missing or of another type). */
type Content = Readonly<Record<string, unknown>>;
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** The bot as mentions see it. */
export interface BotIdentity {
  userId: string;
  displayName?: string | null;
}

/** Why an event got no answer (a metrics label). */
export type IgnoreReason =
  | 'own'
  | 'notice'
  | 'edit'
  | 'too_old'
  | 'no_text'
  | 'unsupported'
  | 'duplicate'
  | 'not_addressed'
  | 'unmapped_repeat'
  | 'invite_unmapped';

/** What the first look at an event decided. */
export type FirstLook = { ignore: IgnoreReason } | { take: 'message' | 'encrypted' | 'reaction' };

/** The first, cheap look at a timeline event: ignore it, or take it in as a message or an undecryptable event. */
export function firstLook(ev: RawEvent, opts: { botUserId: string; cutoffTs: number }): FirstLook {
  if (ev.sender === opts.botUserId) return { ignore: 'own' };
  if (typeof ev.origin_server_ts === 'number' && ev.origin_server_ts < opts.cutoffTs)
    return { ignore: 'too_old' };
  if (ev.type === 'm.room.encrypted') return { take: 'encrypted' };
  if (ev.type === 'm.reaction')
    return reactionAnswer(ev.content) ? { take: 'reaction' } : { ignore: 'unsupported' };
  const content = obj(ev.content);
  if (obj(content['m.relates_to']).rel_type === 'm.replace') return { ignore: 'edit' };
  if (content.msgtype === 'm.notice') return { ignore: 'notice' };
  // a plain (unencrypted) file goes to the plugins' file handlers
  if (content.msgtype === 'm.file' && typeof content.url === 'string') return { take: 'message' };
  if (typeof content.body !== 'string' || !content.body.trim()) return { ignore: 'no_text' };
  if (content.msgtype !== 'm.text' && content.msgtype !== 'm.emote') return { ignore: 'unsupported' };
  return { take: 'message' };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The patterns that find a bot's mentions; built once per name, not per message. */
interface MentionPatterns {
  pill: RegExp;
  /** Each name (user id, display name) as a word, for finding it. */
  names: RegExp[];
  /** Each name with a following ':' or ',', longest first, for taking it out. */
  strip: RegExp[];
}

let cached: { key: string; patterns: MentionPatterns } | undefined;

function patternsFor(bot: BotIdentity): MentionPatterns {
  const words = [bot.userId];
  if (bot.displayName?.trim()) words.push(bot.displayName.trim());
  // the identity is filled in at connect and may change with a reconnect: the cache is keyed on what it says now
  const key = words.join('\n');
  if (cached?.key === key) return cached.patterns;
  const encoded = [bot.userId, encodeURIComponent(bot.userId)].map(escapeRegExp).join('|');
  const word = (w: string) => `(?<![\\w@!])@?${escapeRegExp(w)}(?![\\w])`;
  const patterns: MentionPatterns = {
    pill: new RegExp(`href=["']https://matrix\\.to/#/(?:${encoded})["'?]`, 'i'),
    names: words.map((w) => new RegExp(word(w), 'i')),
    strip: [...words].sort((a, b) => b.length - a.length).map((w) => new RegExp(`${word(w)}\\s*[:,]?`, 'gi')),
  };
  cached = { key, patterns };
  return patterns;
}

/** Whether a message mentions the bot: m.mentions, a pill (matrix.to link) or its display name / user id in the text. */
export function isMentioned(content: Content, bot: BotIdentity): boolean {
  const ids = obj(content['m.mentions']).user_ids;
  if (Array.isArray(ids) && ids.includes(bot.userId)) return true;
  const patterns = patternsFor(bot);
  const html = content.formatted_body;
  if (typeof html === 'string' && patterns.pill.test(html)) return true;
  const body = typeof content.body === 'string' ? stripReplyFallback(content.body) : '';
  return patterns.names.some((re) => re.test(body));
}

/** Removes the bot's name (display name or user id, with a following ':' or ',') from the text. */
export function stripMention(body: string, bot: BotIdentity): string {
  let text = body;
  for (const re of patternsFor(bot).strip) text = text.replace(re, ' ');
  return text
    .replace(/[ \t]+([,.!?;:])/g, '$1')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/^[\s,:;]+/, '')
    .trim();
}

/** Drops a rich-reply fallback (leading `> ` quote lines and the blank line after them). */
export function stripReplyFallback(body: string): string {
  const lines = body.split('\n');
  if (!lines[0]?.startsWith('>')) return body;
  let i = 0;
  while (i < lines.length && lines[i].startsWith('>')) i++;
  if (i < lines.length && lines[i].trim() === '') i++;
  return lines.slice(i).join('\n');
}

/** The thread a message was written in and the event it replies to, if any. */
export function relationOf(content: Content): { threadRoot?: string; inReplyTo?: string } {
  const rel = obj(content['m.relates_to']);
  const out: { threadRoot?: string; inReplyTo?: string } = {};
  if (rel.rel_type === 'm.thread' && typeof rel.event_id === 'string') out.threadRoot = rel.event_id;
  const reply = obj(rel['m.in_reply_to']).event_id;
  if (typeof reply === 'string' && !(out.threadRoot && rel.is_falling_back === true)) out.inReplyTo = reply;
  return out;
}

/** Prepends the sender's display name as `[Name]` (group rooms). */
export function withSenderName(name: string, text: string): string {
  return `[${name.replace(/[[\]]/g, '')}] ${text}`;
}

/** Whether a message should be answered: always in a DM; in a group when mentioned, a command, or an answer the bot awaits. */
export function isAddressed(opts: {
  isDirect: boolean;
  mentioned: boolean;
  isCommand: boolean;
  answersBot: boolean;
}): boolean {
  return opts.isDirect || opts.mentioned || opts.isCommand || opts.answersBot;
}

/** The UTC day (YYYY-MM-DD) of a time, for once-per-day refusals. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
