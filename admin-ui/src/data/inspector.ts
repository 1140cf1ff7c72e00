// GET/DELETE /inspect/turns (owner, developer mode): what each model call was sent and what came back.
import type { z } from 'zod';
import type {
  turnListReply,
  turnRecordSchema,
  turnsForgotReply,
} from '../../../core/engine/inspect-routes.ts';
import { apiRequest } from './api-client.ts';

/** One model call as the inspector recorded it (the route's zod schema is the type). */
export type TurnRecord = z.infer<typeof turnRecordSchema>;

/** The owner's recent model calls, newest first; 404 while developer mode is off. */
export async function listTurns(): Promise<TurnRecord[]> {
  return (await apiRequest<z.infer<typeof turnListReply>>('/inspect/turns')).turns;
}

/** Forgets the owner's records. */
export async function clearTurns(): Promise<number> {
  return (await apiRequest<z.infer<typeof turnsForgotReply>>('/inspect/turns', { method: 'DELETE' })).deleted;
}
