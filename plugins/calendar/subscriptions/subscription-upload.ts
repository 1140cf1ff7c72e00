// An .ics file an owner sends in a planning room in Matrix becomes a read-only calendar named after the file.
import type { FileHandler } from 'quorra/plugin';
import { MAX_FEED_BYTES } from './feed-check.ts';
import type { SubscriptionService } from './subscription-service.ts';

/** "School terms 2026.ics" → "School terms 2026". */
export function nameFromFile(filename: string): string {
  const base = filename
    .replace(/\.(ics|ical|ifb|icalendar)$/i, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return (base || 'Calendar').slice(0, 60);
}

export function subscriptionUpload(subs: SubscriptionService): FileHandler {
  return {
    name: 'calendar-subscription',
    accepts: (file) => file.scope.includes('planning') && /\.(ics|ical|icalendar)$/i.test(file.filename),
    async handle(data, file, ctx) {
      if (ctx.role !== 'owner') return 'Only the owner can add a calendar for the household.';
      if (data.byteLength > MAX_FEED_BYTES)
        return `The calendar was not added: the file is larger than ${MAX_FEED_BYTES / 1024 / 1024} MB.`;
      try {
        const sub = await subs.addFile(nameFromFile(file.filename), data.toString('utf8'), ctx.userId);
        return `Added the calendar “${sub.name}” (${sub.eventCount} event${sub.eventCount === 1 ? '' : 's'}); its events now answer beside the household’s.`;
      } catch (err) {
        return `The calendar was not added: ${(err as Error).message.replace(/^“[^”]*” was not added: /, '')}.`;
      }
    },
  };
}
