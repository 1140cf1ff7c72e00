// The /sync filter that keeps the bot's own timeline events away, and the own state events matrix-bot-sdk still needs.
import type { RawEvent } from './inbound-message.ts';
import type { SyncResponse } from './sync-response.ts';

/**
 * The bot's sync filter: its own events never reach it in a timeline (`not_senders`), so its own reply does not
 * wake its long-poll, cost a sync response and its parsing, or hold the thread before the member's client gets
 * the reply. Quorra ignores its own events at first look anyway (`firstLook`: 'own'); a homeserver keeps a
 * long-poll waiting when a filter leaves it nothing new (Synapse does).
 */
export function syncFilter(botUserId: string): Record<string, unknown> {
  return { room: { timeline: { limit: 50, not_senders: [botUserId] } } };
}

/**
 * A state event the filter kept out of a timeline reaches the client in the room's `state` section instead. The
 * bot's own are put back at the head of the timeline, where matrix-bot-sdk looks for them: its join (the SDK emits
 * `room.join` only from a timeline event, and its encryption tracks a room from that emit), its leave (`room.leave`),
 * and the state it set itself (the encryption of a DM it created), which the runtime's room members apply.
 */
export function restoreOwnState(res: SyncResponse | undefined, botUserId: string): void {
  for (const section of ['join', 'leave'] as const) {
    for (const room of Object.values(res?.rooms?.[section] ?? {})) {
      const state: unknown = room?.state?.events;
      if (!Array.isArray(state)) continue;
      const own = (state as RawEvent[]).filter(
        (ev) => ev?.sender === botUserId && typeof ev?.state_key === 'string',
      );
      if (!own.length) continue;
      room.timeline ??= {};
      const timeline: unknown = room.timeline.events;
      const events = (Array.isArray(timeline) ? timeline : []) as RawEvent[];
      const ids = new Set(events.map((ev) => ev?.event_id));
      room.timeline.events = [...own.filter((ev) => !ids.has(ev.event_id)), ...events];
    }
  }
}
