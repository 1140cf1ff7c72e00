// A 👍 or 👎 reaction on the bot's confirmation question is a yes or a no, exactly like a typed reply.

const SKIN_TONES_AND_VARIANTS = /[\u{1F3FB}-\u{1F3FF}\uFE0F]/gu;

/** 'yes' for 👍, 'no' for 👎 (any skin tone) on an m.annotation; null for any other reaction. */
export function reactionAnswer(content: Record<string, any> | undefined): 'yes' | 'no' | null {
  const rel = content?.['m.relates_to'];
  if (rel?.rel_type !== 'm.annotation' || typeof rel.event_id !== 'string' || typeof rel.key !== 'string')
    return null;
  const key = rel.key.replace(SKIN_TONES_AND_VARIANTS, '').trim();
  if (key === '👍' || key === '+1' || key === ':+1:') return 'yes';
  if (key === '👎' || key === '-1' || key === ':-1:') return 'no';
  return null;
}

/** The reaction as the typed reply it stands for: the answer, replying to the reacted-to event (same event id). */
export function asTypedReply(ev: Record<string, any>, answer: 'yes' | 'no'): Record<string, any> {
  const target = ev.content['m.relates_to'].event_id as string;
  return {
    ...ev,
    type: 'm.room.message',
    content: { msgtype: 'm.text', body: answer, 'm.relates_to': { 'm.in_reply_to': { event_id: target } } },
  };
}
