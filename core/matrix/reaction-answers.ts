// A 👍 or 👎 reaction on the bot's confirmation question is a yes or a no, exactly like a typed reply.
import type { RawEvent } from './inbound-message.ts';

const SKIN_TONES_AND_VARIANTS = /[\u{1F3FB}-\u{1F3FF}\uFE0F]/gu;

/** The annotation relation of a reaction's content, when it has a target and a key. */
function annotation(content: unknown): { event_id: string; key: string } | null {
  const rel = (content as { 'm.relates_to'?: Record<string, unknown> } | undefined)?.['m.relates_to'];
  if (rel?.rel_type !== 'm.annotation' || typeof rel.event_id !== 'string' || typeof rel.key !== 'string')
    return null;
  return { event_id: rel.event_id, key: rel.key };
}

/** 'yes' for 👍, 'no' for 👎 (any skin tone) on an m.annotation; null for any other reaction. */
export function reactionAnswer(content: unknown): 'yes' | 'no' | null {
  const rel = annotation(content);
  if (!rel) return null;
  const key = rel.key.replace(SKIN_TONES_AND_VARIANTS, '').trim();
  if (key === '👍' || key === '+1' || key === ':+1:') return 'yes';
  if (key === '👎' || key === '-1' || key === ':-1:') return 'no';
  return null;
}

/** The event a reaction was put on ('' when it names none). */
export function reactedTo(ev: RawEvent): string {
  return annotation(ev.content)?.event_id ?? '';
}

/** The reaction as the typed reply it stands for: the answer, replying to the reacted-to event (same event id). */
export function asTypedReply(ev: RawEvent, answer: 'yes' | 'no'): RawEvent {
  return {
    ...ev,
    type: 'm.room.message',
    content: {
      msgtype: 'm.text',
      body: answer,
      'm.relates_to': { 'm.in_reply_to': { event_id: reactedTo(ev) } },
    },
  };
}
