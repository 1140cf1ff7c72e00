// A member's own day for the home page: GET /plugins/calendar/today (its reply type is the route's zod schema).
import type { z } from 'zod';
import type { todayReply } from '../../../plugins/calendar/today-route.ts';
import { ApiError, apiRequest } from './api-client.ts';

export type Today = z.infer<typeof todayReply>;

/** The caller's reminders, events and lists today; null when the calendar plugin is switched off. */
export async function fetchToday(): Promise<Today | null> {
  try {
    return await apiRequest<Today>('/plugins/calendar/today');
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null;
    throw err;
  }
}
